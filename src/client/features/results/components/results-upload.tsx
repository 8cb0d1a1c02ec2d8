import { useId, useState } from 'react';
import type { ResultsCheck, ResultsMapping, ResultsPreview } from '../../../../shared/results/results.ts';
import { SubmitButton, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Field, fileInputClass, SelectField, SPREADSHEET_ACCEPT } from '../../../components/ui/field.tsx';
import { FileSample } from '../../../components/ui/file-sample.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { Panel } from '../../../components/ui/section.tsx';
import { useCheckResults, useImportResults, usePreviewResults } from '../api/results.ts';

/** The columns the import reads: bib and time must be chosen, place and status may be. */
const COLUMNS = [
  ['bib', 'Bib', 'The race number on each finisher’s bib', true],
  ['time', 'Time', 'Gun or chip time: h:mm:ss, mm:ss or seconds', true],
  ['place', 'Place', 'The timer’s place: it orders equal times', false],
  ['status', 'Status', 'DNF, DNS or DQ; empty for a finisher', false],
] as const;

/** Step 1: the timer's file; step 2: its columns, checked, then imported whole. */
export function ResultsUpload() {
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [done, setDone] = useState<string>();
  const preview = usePreviewResults();

  if (preview.data && file)
    return (
      <ColumnMapping
        file={file}
        preview={preview.data}
        onBack={() => preview.reset()}
        onImported={(message) => {
          setDone(message);
          setFile(undefined);
          preview.reset();
        }}
      />
    );
  return (
    <Panel>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(undefined);
          if (!file) return setFileError('Choose the timer’s file');
          preview.mutate(file);
        }}
      >
        <h2 className="text-xl font-bold">1. The timer’s file</h2>
        {done && <FormSuccess>{done}</FormSuccess>}
        <Field
          label="Results file (CSV or Excel)"
          hint="Export it from the timing software with a bib and a time for each finisher."
          error={fileError}
        >
          {(a11y) => (
            <input
              {...a11y}
              type="file"
              accept={SPREADSHEET_ACCEPT}
              className={fileInputClass}
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setFileError(undefined);
              }}
            />
          )}
        </Field>
        {preview.isError && <FormAlert>{errorText(preview.error)}</FormAlert>}
        <div>
          <SubmitButton busy={preview.isPending} busyLabel="Reading the file…">
            Next: choose columns
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}

function ColumnMapping({
  file,
  preview,
  onBack,
  onImported,
}: {
  file: File;
  preview: ResultsPreview;
  onBack: () => void;
  onImported: (message: string) => void;
}) {
  const [mapping, setMapping] = useState<Record<keyof ResultsMapping, string>>({
    bib: preview.mapping.bib ?? '',
    time: preview.mapping.time ?? '',
    place: preview.mapping.place ?? '',
    status: preview.mapping.status ?? '',
  });
  const [missing, setMissing] = useState<Partial<Record<keyof ResultsMapping, string>>>({});
  const check = useCheckResults();
  const upload = useImportResults();
  const chosen = (): ResultsMapping | undefined => {
    const absent = {
      ...(mapping.bib ? {} : { bib: 'Choose the column of bibs' }),
      ...(mapping.time ? {} : { time: 'Choose the column of times' }),
    };
    setMissing(absent);
    if (Object.keys(absent).length > 0) return undefined;
    return {
      bib: mapping.bib,
      time: mapping.time,
      ...(mapping.place ? { place: mapping.place } : {}),
      ...(mapping.status ? { status: mapping.status } : {}),
    };
  };
  const checked = check.data;
  // Checked with these columns and nothing to fix: the same button imports.
  const ready = checked !== undefined && checked.errors.length === 0 && checked.ready > 0;

  return (
    <Panel>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const columns = chosen();
          if (!columns) return;
          if (!ready) return check.mutate({ file, mapping: columns });
          upload.mutate(
            { file, mapping: columns },
            {
              onSuccess: ({ imported, unchanged }) =>
                onImported(
                  `Results imported: ${imported} new or changed${unchanged > 0 ? `, ${unchanged} already the same` : ''}. They stay preliminary until you publish them.`,
                ),
            },
          );
        }}
      >
        <h2 className="text-xl font-bold">2. Columns</h2>
        <p className="text-stone-700">
          {file.name}: {preview.rows} rows. Say which column holds what, then check the file: nothing is saved
          until every row is right.
        </p>
        <FileSample columns={preview.columns} rows={preview.sample} />
        <div className="grid gap-4 sm:grid-cols-2">
          {COLUMNS.map(([name, label, hint, required]) => (
            <SelectField
              key={name}
              label={label}
              hint={hint}
              optional={!required}
              error={missing[name]}
              value={mapping[name]}
              onChange={(event) => {
                setMapping({ ...mapping, [name]: event.target.value });
                check.reset();
              }}
            >
              <option value="">{required ? 'Choose a column' : 'None'}</option>
              {preview.columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
        {check.isError && <FormAlert>{errorText(check.error)}</FormAlert>}
        {/* Announced when the check answers: the region is there before it does. */}
        <div aria-live="polite">{checked && <CheckOutcome check={checked} />}</div>
        {upload.isError && <FormAlert>{errorText(upload.error)}</FormAlert>}
        <div className="flex flex-wrap gap-3">
          {ready ? (
            <SubmitButton busy={upload.isPending} busyLabel="Importing…">
              {`Import ${checked.ready} results`}
            </SubmitButton>
          ) : (
            <SubmitButton busy={check.isPending} busyLabel="Checking…">
              Check the file
            </SubmitButton>
          )}
          <button type="button" className={secondaryButtonClass} onClick={onBack}>
            Back
          </button>
        </div>
      </form>
    </Panel>
  );
}

function CheckOutcome({ check }: { check: ResultsCheck }) {
  const headingId = useId();
  if (check.errors.length === 0)
    return (
      <p className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
        All {check.ready} rows are ready.
      </p>
    );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-red-800">
        {check.errors.length} {check.errors.length === 1 ? 'thing' : 'things'} to fix in the file (
        {check.ready} rows ready). Correct the file and choose it again.
      </h3>
      <div className="overflow-x-auto rounded-lg border border-red-200">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-red-50">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                Row
              </th>
              <th scope="col" className="px-2 py-1.5">
                Column
              </th>
              <th scope="col" className="px-2 py-1.5">
                What to fix
              </th>
            </tr>
          </thead>
          <tbody>
            {check.errors.map((error) => (
              <tr key={`${error.row}-${error.column}`} className="border-t border-red-100">
                <td className="px-2 py-1.5 tabular-nums">{error.row}</td>
                <td className="px-2 py-1.5">{error.column}</td>
                <td className="px-2 py-1.5">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
