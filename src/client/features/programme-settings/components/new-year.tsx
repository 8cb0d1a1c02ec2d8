import { useId, useState } from 'react';
import { formatShortDate } from '../../../../shared/dates.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../../components/ui/table.tsx';
import { useNewYearPreview, useStartNewYear } from '../api/programme-settings.ts';

const looksLikeADate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * "Start a new programme year": the admin picks the first session's date, sees this year's sessions as
 * they will be copied (dates moved by the same number of days), and confirms.
 */
export function NewProgrammeYear() {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setNotice(undefined);
            setOpen(true);
          }}
        >
          Start a new programme year
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && <FormSuccess>{notice}</FormSuccess>}
      </div>
      <Dialog open={open} title="Start a new programme year" onClose={() => setOpen(false)} size="lg">
        {open && (
          <NewYearForm
            onCancel={() => setOpen(false)}
            onStarted={(message) => {
              setOpen(false);
              setNotice(message);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

function NewYearForm({
  onCancel,
  onStarted,
}: {
  onCancel: () => void;
  onStarted: (message: string) => void;
}) {
  const [typed, setTyped] = useState<string>();
  const firstOn = typed && looksLikeADate(typed) ? typed : undefined;
  // The suggested day first; then the day typed, once it is a whole date.
  const preview = useNewYearPreview(firstOn, typed === undefined || firstOn !== undefined);
  const start = useStartNewYear();
  const explanation = useId();
  const plan = preview.data;
  const shownDate = typed ?? plan?.firstOn ?? '';
  const missing = typed !== undefined && !firstOn;

  async function confirm() {
    if (!plan?.firstOn || plan.refusal || missing) return;
    try {
      const { created } = await start.mutateAsync(plan.firstOn);
      onStarted(
        `The new programme year has started: ${created.length} sessions from ${formatShortDate(plan.firstOn)}, Not Active until you open them for registration.`,
      );
    } catch {
      // Shown above the buttons.
    }
  }

  if (preview.isPending && !plan && typed === undefined) return <Loading label="Preparing the new year…" />;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <div id={explanation} className="flex flex-col gap-2 text-stone-700">
        {plan?.thisYear && (
          <p>
            This year’s {plan.thisYear.sessions} sessions ({formatShortDate(plan.thisYear.from)} to{' '}
            {formatShortDate(plan.thisYear.to)}) are copied with their names, times and places; every date
            moves by the same number of days, so the spacing stays. The new sessions are Not Active until you
            open them.
          </p>
        )}
        <p>
          This year’s sessions stay, with their registrations and attendance, for facilitators to look back
          on. The men’s dashboards show the new year’s sessions.
        </p>
      </div>
      <TextField
        label="Date of the new year’s first session"
        type="date"
        hint={
          plan?.suggestedFirstOn
            ? `Suggested: ${formatShortDate(plan.suggestedFirstOn)}, a year on, on the same weekday.`
            : undefined
        }
        error={missing ? 'Enter the date of the first session' : undefined}
        value={shownDate}
        onChange={(event) => {
          start.reset();
          setTyped(event.target.value);
        }}
      />
      {preview.isError && <FormAlert>{errorText(preview.error)}</FormAlert>}
      {plan?.refusal && !missing && <FormAlert>{plan.refusal}</FormAlert>}
      {plan && !missing && !plan.refusal && plan.sessions.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-stone-900">
            The new year’s sessions{preview.isPlaceholderData ? ' (updating…)' : ''}
          </h3>
          <DataTable label="The new year’s sessions" columns={['Name', 'Date', 'Start', 'Place']}>
            {plan.sessions.map((session) => (
              <tr key={`${session.name}-${session.heldOn}`} className={rowClass}>
                <Cell className="font-semibold text-stone-900">{session.name}</Cell>
                <Cell label="Date">{formatShortDate(session.heldOn)}</Cell>
                <Cell label="Start" className="empty:hidden sm:empty:table-cell">
                  {session.startTime}
                </Cell>
                <Cell label="Place" className="empty:hidden sm:empty:table-cell">
                  {session.place}
                </Cell>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      <DialogFooter
        failure={start.isError ? start.error : undefined}
        onCancel={onCancel}
        label={plan && !plan.refusal ? `Create ${plan.sessions.length} sessions` : 'Create sessions'}
        busy={start.isPending}
        busyLabel="Creating…"
        disabled={!plan || Boolean(plan.refusal) || missing || preview.isPlaceholderData || preview.isError}
        describedBy={explanation}
      />
    </form>
  );
}
