import { useState } from 'react';
import { Link } from 'react-router';
import { editionReadiness } from '../../../../shared/event-settings/readiness.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { FormSuccess } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { useEventSettings, usePublishEdition } from '../api/event-settings.ts';

/**
 * On the admin dashboard while the edition is a draft: what it still needs, each with a link to where it is
 * set, and Publish once nothing is missing. The public sees "Registration opens soon" until then.
 */
export function PublishChecklist() {
  const settings = useEventSettings();
  const publish = usePublishEdition();
  const [confirming, setConfirming] = useState(false);
  const data = settings.data;
  if (settings.isError) return <QueryError query={settings} />;
  if (data?.published && publish.isSuccess) {
    return (
      <div className="mb-8">
        <FormSuccess>The {data.year} edition is published: registration is open to the public.</FormSuccess>
      </div>
    );
  }
  if (!data || data.published) return null;
  const items = editionReadiness(data);
  const ready = items.every((item) => item.done);
  return (
    <section
      aria-labelledby="draft-heading"
      className="mb-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-stone-900"
    >
      <h2 id="draft-heading" className="text-xl font-bold">
        The {data.year} edition is a draft
      </h2>
      <p className="mt-1 text-stone-700">
        The public sees “Registration opens soon” until you publish it.{' '}
        {ready ? 'Everything it needs is set.' : 'Before you can, set:'}
      </p>
      <ul className="mt-3 flex flex-col gap-1.5">
        {items.map((item) => (
          <li key={item.label} className="flex items-baseline gap-2">
            <span aria-hidden="true" className={item.done ? 'text-green-700' : 'text-red-700'}>
              {item.done ? '✓' : '✗'}
            </span>
            {item.done ? (
              <span>
                {item.label} <span className="sr-only">(set)</span>
              </span>
            ) : (
              <Link to={`/EventSettings#${item.section}`} className="font-medium text-brand-700 underline">
                {item.label} <span className="sr-only">(missing)</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      {ready && (
        <button type="button" className={`${buttonClass} mt-4`} onClick={() => setConfirming(true)}>
          Publish
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Publish the ${data.year} edition?`}
        confirmLabel={publish.isPending ? 'Publishing…' : 'Publish'}
        busy={publish.isPending}
        failure={publish.error}
        onConfirm={() => publish.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onCancel={() => {
          setConfirming(false);
          publish.reset();
        }}
      >
        Registration opens to the public at once: the site shows the event, its races and how to pay, and
        takes entries.
      </ConfirmDialog>
    </section>
  );
}
