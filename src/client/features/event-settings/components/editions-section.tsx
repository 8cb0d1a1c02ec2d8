import { useState } from 'react';
import {
  type EventSettings,
  NewEditionInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { type Outcome, SettingsSection } from '../../../components/ui/settings-section.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useEditions, useStartNewEdition } from '../api/event-settings.ts';

interface Values {
  year: string;
  referencePrefix: string;
}

const short = (year: number) => String(year).slice(-2);

/** This edition's prefix with the year's last two digits changed: CFR25 → CFR26. */
const prefixFor = (settings: EventSettings, year: number) =>
  settings.referencePrefix.replace(short(settings.year), short(year));

/** Next year's edition, and its prefix. */
function nextEdition(settings: EventSettings): Values {
  const year = settings.year + 1;
  return { year: String(year), referencePrefix: prefixFor(settings, year) };
}

/** Every edition so far, and the start of the next one: a copy of this one, which is then archived. */
export function EditionsSection({ settings }: { settings: EventSettings }) {
  const editions = useEditions();
  const start = useStartNewEdition();
  const [confirming, setConfirming] = useState<{ year: number; referencePrefix: string }>();
  const [outcome, setOutcome] = useState<Outcome>();
  const {
    field,
    register,
    handleSubmit,
    reset,
    setValue,
    getFieldState,
    formState: { errors },
  } = useZodForm(NewEditionInputSchema, {
    defaultValues: nextEdition(settings),
    toSchemaInput: (values: Values) => ({ ...values, year: Number(values.year) || values.year }),
  });
  // The prefix follows the year typed, until the admin types a prefix of their own.
  const yearField = register('year', {
    onChange: (event: { target: { value: string } }) => {
      const typed = event.target.value.trim();
      if (/^\d{4}$/.test(typed) && !getFieldState('referencePrefix').isDirty) {
        setValue('referencePrefix', prefixFor(settings, Number(typed)));
      }
    },
  });
  const onSubmit = handleSubmit((input) => {
    setOutcome(undefined);
    start.reset();
    setConfirming(input);
  });
  const confirm = async () => {
    if (!confirming) return;
    try {
      const saved = await start.mutateAsync(confirming);
      setConfirming(undefined);
      reset(nextEdition(saved));
      setOutcome({
        kind: 'saved',
        text: `The ${saved.year} edition is started as a draft. Set its date and closing time above, then publish it from the dashboard.`,
      });
    } catch {
      // Shown in the dialog.
    }
  };
  const previous = editions.data?.filter((edition) => !edition.current) ?? [];
  return (
    <SettingsSection
      id="editions"
      title="Editions"
      intro={
        <p>
          This is the {settings.year} edition; its references start with {settings.referencePrefix}-. A new
          edition copies its settings, races, sizes, payment options and texts (with {settings.year} changed
          to the new year) and starts as a draft: it takes registrations once you publish it from the
          dashboard. This one is archived: its entries stay, read-only.
        </p>
      }
      onSubmit={onSubmit}
      saving={start.isPending}
      saveLabel="Start the new edition…"
      outcome={outcome}
    >
      {previous.length > 0 && (
        <div>
          <h3 className="mb-2 font-semibold text-stone-900">Earlier editions</h3>
          <ul className="flex flex-col gap-1">
            {previous.map((edition) => (
              <li key={edition.id} className="flex flex-wrap items-center gap-2 text-stone-800">
                {edition.year} · {edition.referencePrefix}- · {edition.entries}{' '}
                {edition.entries === 1 ? 'entry' : 'entries'}
                {edition.archivedAt && (
                  <Badge tone="plain">{`Archived ${formatDate(edition.archivedAt)}`}</Badge>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-[10rem_14rem]">
        <TextField label="Year" error={errors.year?.message} {...yearField} inputMode="numeric" />
        <TextField
          label="Reference prefix"
          hint="References read PREFIX-0001"
          {...field('referencePrefix')}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <ConfirmDialog
        open={confirming !== undefined}
        title={`Start the ${confirming?.year} edition?`}
        confirmLabel={start.isPending ? 'Starting…' : `Start the ${confirming?.year} edition`}
        busy={start.isPending}
        failure={start.error}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(undefined)}
      >
        <p>
          The {confirming?.year} edition starts as a draft: the public sees “Registration opens soon” until
          you publish it, then registers with references from {confirming?.referencePrefix}-0001. The{' '}
          {settings.year} edition and its entries are kept, read-only. This cannot be undone here.
        </p>
      </ConfirmDialog>
    </SettingsSection>
  );
}
