import { useId, useRef, useState } from 'react';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import {
  TEAM_IMPORT_LIMITS,
  type TeamImportPreview,
  type TeamImportResult,
} from '../../../../shared/registrations/team-import.ts';
import { Button, SubmitButton, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Field, fileInputClass, SPREADSHEET_ACCEPT } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { Cell, DataTable, rowClass } from '../../../components/ui/table.tsx';
import { ApiError } from '../../../lib/api.ts';
import { TEAM_IMPORT_TEMPLATE_URL, useImportStaff, usePreviewStaffImport } from '../api/team-import.ts';

/** "Row 3, Mobile: …" for each error of the list, in the order of the rows. */
const errorLines = (preview: TeamImportPreview) =>
  preview.rows.flatMap((row) =>
    row.errors.map((error) => `Row ${row.row}, ${error.column}: ${error.message}`),
  );

/** A file changed on disk after it was chosen cannot be read again by the browser: it is then chosen anew. */
const uploadError = (error: unknown) =>
  error instanceof ApiError && error.status === 0
    ? 'The list could not be sent. Check your connection; if you changed the file since choosing it, choose it again.'
    : errorText(error);

/**
 * "Add staff from a spreadsheet" on the team page: the template, the manager's file checked by the server
 * (each row with the form's rules), a preview of every row, then all of them registered at once or none.
 */
export function StaffImport({ managerEmail }: { managerEmail: string }) {
  const preview = usePreviewStaffImport();
  const save = useImportStaff();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string>();
  const [done, setDone] = useState<TeamImportResult>();
  const inputRef = useRef<HTMLInputElement>(null);
  const agreeId = useId();
  const checked = preview.data;
  const allReady = checked !== undefined && checked.ready === checked.rows.length;
  const lines = checked ? errorLines(checked) : [];

  const startAgain = () => {
    preview.reset();
    save.reset();
    setDone(undefined);
    setFile(undefined);
    setAgreed(false);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  };

  return (
    <section aria-labelledby="staff-import" className="flex flex-col gap-4">
      <h2 id="staff-import" className="text-2xl font-bold">
        Add staff from a spreadsheet
      </h2>
      <p className="text-stone-700">
        Many staff at once: fill in the template, one person a row, and choose the file (CSV or Excel, at most{' '}
        {TEAM_IMPORT_LIMITS.rows} people). Each row is checked as the form checks one person; nothing is
        registered until you press Register. Leave Email empty to use your own, {managerEmail}.
      </p>
      <p>
        <a href={TEAM_IMPORT_TEMPLATE_URL} download className={secondaryButtonClass}>
          Download the template
        </a>
      </p>
      {done ? (
        <div className="flex flex-col gap-3">
          <FormSuccess>
            <p className="font-semibold">
              {done.registered.length} staff registered. Their entries are in your team's list below, each
              with its reference.
            </p>
          </FormSuccess>
          <div>
            <Button type="button" onClick={startAgain}>
              Add more staff
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!file) {
              setFileError('Choose your list of staff (CSV or Excel)');
              inputRef.current?.focus();
              return;
            }
            save.reset();
            setAgreed(false);
            preview.mutate(file);
          }}
        >
          <Field label="Your staff list (CSV or Excel)" error={fileError}>
            {(a11y) => (
              <input
                {...a11y}
                ref={inputRef}
                type="file"
                accept={SPREADSHEET_ACCEPT}
                className={fileInputClass}
                onChange={(event) => {
                  setFile(event.target.files?.[0]);
                  setFileError(undefined);
                  preview.reset();
                  save.reset();
                }}
              />
            )}
          </Field>
          {preview.isError && <FormAlert>{uploadError(preview.error)}</FormAlert>}
          <div>
            <SubmitButton busy={preview.isPending} busyLabel="Checking the list…">
              Check the list
            </SubmitButton>
          </div>
        </form>
      )}
      {checked && !done && (
        <div className="flex flex-col gap-4">
          <div aria-live="polite">
            {allReady ? (
              <p className="font-semibold text-green-900">
                All {checked.rows.length} {checked.rows.length === 1 ? 'row is' : 'rows are'} ready.
              </p>
            ) : (
              <FormAlert>
                <p>
                  {checked.rows.length - checked.ready} of {checked.rows.length}{' '}
                  {checked.rows.length === 1 ? 'row' : 'rows'}{' '}
                  {checked.rows.length - checked.ready === 1 ? 'has' : 'have'} errors: nobody can be
                  registered yet. Correct them in your spreadsheet, save it, choose it again and check it.
                </p>
                <ul className="mt-2 list-disc pl-5 font-normal">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </FormAlert>
            )}
            {checked.ignoredColumns.length > 0 && (
              <p className="mt-2 text-sm text-stone-700">
                Not read: {checked.ignoredColumns.join(', ')} (not a column of the template).
              </p>
            )}
          </div>
          <DataTable label="Staff on the list" columns={['Row', 'Name', 'Race', 'Email', 'Check']}>
            {checked.rows.map((row) => (
              <tr key={row.row} className={rowClass}>
                <Cell label="Row">{row.row}</Cell>
                <Cell label="Name" className="font-semibold">
                  {`${row.firstName} ${row.lastName}`.trim() || '—'}
                </Cell>
                <Cell label="Race">
                  {row.discipline
                    ? `${DISCIPLINE_LABELS[row.discipline]} ${row.raceType}`
                    : row.raceType || '—'}
                </Cell>
                <Cell label="Email">{row.usesManagerEmail ? 'Yours' : 'Their own'}</Cell>
                <Cell label="Check">
                  {row.errors.length === 0 ? (
                    <span className="font-semibold text-green-800">Ready</span>
                  ) : (
                    <ul className="text-red-800">
                      {row.errors.map((error) => (
                        <li key={`${error.column}: ${error.message}`}>
                          <strong>{error.column}:</strong> {error.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </Cell>
              </tr>
            ))}
          </DataTable>
          {allReady && file && (
            <form
              className="flex flex-col gap-4 rounded-xl border-2 border-brand-700 bg-white p-5"
              onSubmit={(event) => {
                event.preventDefault();
                if (!agreed) {
                  setAgreeError('Tick this box: everyone on the list must agree before they are registered');
                  document.getElementById(agreeId)?.focus();
                  return;
                }
                save.mutate(file, {
                  onSuccess: (result) => setDone(result),
                  // The list changed meanwhile (someone registered, a race filled): show each row as it is now.
                  onError: (error) => {
                    if (error instanceof ApiError && error.status < 500) preview.mutate(file);
                  },
                });
              }}
            >
              <div className="flex items-start gap-3">
                <input
                  id={agreeId}
                  type="checkbox"
                  checked={agreed}
                  aria-invalid={agreeError !== undefined}
                  aria-describedby={`${agreeId}-error`}
                  onChange={(event) => {
                    setAgreed(event.target.checked);
                    setAgreeError(undefined);
                  }}
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                />
                <label htmlFor={agreeId} className="text-stone-800">
                  Everyone on this list agrees to the{' '}
                  <a href="/Terms" target="_blank" rel="noreferrer" className="text-brand-800 underline">
                    Terms and Conditions
                  </a>{' '}
                  and the{' '}
                  <a href="/Privacy" target="_blank" rel="noreferrer" className="text-brand-800 underline">
                    privacy notice
                  </a>
                </label>
              </div>
              <p
                id={`${agreeId}-error`}
                aria-live="polite"
                className="text-sm font-medium text-red-700 empty:hidden"
              >
                {agreeError}
              </p>
              {save.isError && <FormAlert>{uploadError(save.error)}</FormAlert>}
              <div>
                <SubmitButton busy={save.isPending} busyLabel="Registering…">
                  {`Register ${checked.rows.length} staff`}
                </SubmitButton>
              </div>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
