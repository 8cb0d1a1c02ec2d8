import { type ReactNode, useId, useState } from 'react';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAskErasure, useMyErasureRequest } from '../api/ask-erasure.ts';
import { ErasureRequestDialog } from './erasure-request-dialog.tsx';

/**
 * "Ask us to erase my data" for the person himself (his entry's page, his profile): a request an organiser
 * confirms; once asked, the page says it is waiting.
 */
export function AskErasure({ path, whatHappens }: { path: string; whatHappens: ReactNode }) {
  const status = useMyErasureRequest(path);
  const ask = useAskErasure(path);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const requestedAt = status.data?.requestedAt;
  if (!status.data) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-2xl font-bold">
        Your data
      </h2>
      {requestedAt ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          You asked us to erase your data on {formatDateTime(requestedAt)}. The request is waiting for an
          organiser, who will deal with it soon.
        </p>
      ) : (
        <>
          <p className="text-stone-700">{whatHappens}</p>
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() => setOpen(true)}
          >
            Ask us to erase my data
          </button>
        </>
      )}
      <ErasureRequestDialog
        open={open}
        onClose={() => setOpen(false)}
        whatHappens={whatHappens}
        send={(reason) =>
          ask.mutateAsync(reason).then(
            () => true,
            // Shown in the dialog.
            () => false,
          )
        }
        pending={ask.isPending}
        failure={ask.error}
      />
    </section>
  );
}
