import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import {
  type EventSettings,
  type RaceInput,
  RacesInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { DISCIPLINES, type Discipline } from '../../../../shared/events/event-display.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { type Outcome, SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useReportUnsaved } from '../../../components/ui/unsaved-changes.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSaveRaces } from '../api/event-settings.ts';

const TITLES: Record<Discipline, string> = { run: 'Runner races', cycle: 'Cyclist races' };
const WHO: Record<Discipline, string> = { run: 'runner', cycle: 'cyclist' };

/** One race as typed: numbers are text until saved. */
interface RaceRow {
  key: number;
  id?: string;
  discipline: Discipline;
  label: string;
  capacity: string;
  feeUsd: string;
  feeZwg: string;
  startTime: string;
  bibFrom: string;
  bibTo: string;
  taken: number;
}
type Errors = Partial<Record<string, string>>;

let nextKey = 1;
/** Runner races first, then cyclist races, each in the event's order: the order they are saved in. */
const rowsOf = (settings: EventSettings): RaceRow[] =>
  DISCIPLINES.flatMap((discipline) =>
    settings.races
      .filter((race) => race.discipline === discipline)
      .map((race) => ({
        key: nextKey++,
        id: race.id,
        discipline: race.discipline,
        label: race.label,
        capacity: race.capacity === null ? '' : String(race.capacity),
        feeUsd: race.feeUsd ?? '',
        feeZwg: race.feeZwg ?? '',
        startTime: race.startTime ?? '',
        bibFrom: race.bibFrom === null ? '' : String(race.bibFrom),
        bibTo: race.bibTo === null ? '' : String(race.bibTo),
        taken: race.taken,
      })),
  );

/** What a save would change, without the rows' keys and counts: unsaved edits make it differ from the saved one. */
const editsOf = (rows: RaceRow[]) => JSON.stringify(rows.map(({ key: _k, taken: _t, ...row }) => row));

const ordered = (rows: RaceRow[]) => DISCIPLINES.flatMap((d) => rows.filter((row) => row.discipline === d));

/** A whole number becomes a number; anything else typed stays text, so the contract names the mistake. */
const capacityOf = (text: string): number | null | string => {
  const value = text.trim();
  if (!value) return null;
  return /^\d+$/.test(value) ? Number(value) : value;
};
const feeOf = (text: string) => text.trim() || null;

const toInput = (row: RaceRow) =>
  ({
    ...(row.id ? { id: row.id } : {}),
    discipline: row.discipline,
    label: row.label,
    capacity: capacityOf(row.capacity),
    feeUsd: feeOf(row.feeUsd),
    feeZwg: feeOf(row.feeZwg),
    startTime: row.startTime.trim() || null,
    bibFrom: capacityOf(row.bibFrom),
    bibTo: capacityOf(row.bibTo),
  }) as RaceInput;

/** Errors keyed by row key and field, e.g. "7.capacity", from contract paths such as races.3.capacity. */
function errorsByRow(rows: RaceRow[], issues: { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const [, index, field] = issue.path.split('.');
    const row = rows[Number(index)];
    if (row && field) errors[`${row.key}.${field}`] ??= issue.message;
  }
  return errors;
}

function check(rows: RaceRow[]): Errors {
  const parsed = RacesInputSchema.safeParse({ races: rows.map(toInput) });
  const errors = parsed.success
    ? {}
    : errorsByRow(
        rows,
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
  for (const discipline of DISCIPLINES) {
    const seen = new Set<string>();
    for (const row of rows.filter((r) => r.discipline === discipline)) {
      const name = row.label.trim().toLowerCase();
      if (name && seen.has(name))
        errors[`${row.key}.label`] ??= `There is already a ${row.label.trim()} race`;
      seen.add(name);
    }
  }
  return errors;
}

/** The races: label, capacity and fees; add and remove; each one's entries counted. */
export function RacesSection({ settings }: { settings: EventSettings }) {
  const save = useSaveRaces();
  const [rows, setRows] = useState(() => rowsOf(settings));
  const [saved, setSaved] = useState(() => editsOf(rows));
  useReportUnsaved(editsOf(rows) !== saved);
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const labels = useRef(new Map<number, HTMLInputElement>());

  function change(next: RaceRow[], focusKey?: number) {
    const sorted = ordered(next);
    setRows(sorted);
    if (Object.keys(errors).length) setErrors(check(sorted));
    if (focusKey !== undefined) requestAnimationFrame(() => labels.current.get(focusKey)?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(undefined);
    const found = check(rows);
    setErrors(found);
    if (Object.keys(found).length) {
      setOutcome({ kind: 'failed', text: 'Please check the races marked above.' });
      return;
    }
    if (rows.length === 0) {
      setOutcome({ kind: 'failed', text: 'Keep at least one race.' });
      return;
    }
    try {
      const saved = await save.mutateAsync(rows.map(toInput));
      const savedRows = rowsOf(saved);
      setRows(savedRows);
      setSaved(editsOf(savedRows));
      setErrors({});
      setOutcome({ kind: 'saved', text: 'The races were saved. The registration forms offer them now.' });
    } catch (error) {
      if (error instanceof ApiError) setErrors(errorsByRow(rows, error.errors));
      setOutcome({ kind: 'failed', text: errorText(error) });
    }
  }

  return (
    <SettingsSection
      id="races"
      title="Races"
      intro="Each race’s name, how many places it has, its fees, its start time on the day and its bib numbers (e.g. 1001 to 1999; no two races share a number); leave the capacity empty for no limit and a fee empty for none. A race whose entries reach its capacity shows as Full on the form."
      onSubmit={onSubmit}
      saving={save.isPending}
      saveLabel="Save races"
      outcome={outcome}
    >
      {DISCIPLINES.map((discipline) => {
        const own = rows.filter((row) => row.discipline === discipline);
        return (
          <fieldset key={discipline} className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-semibold text-stone-900">{TITLES[discipline]}</legend>
            {own.length === 0 && <p className="text-stone-700">No {WHO[discipline]} races.</p>}
            {own.map((row) => (
              <RaceCard
                key={row.key}
                row={row}
                errors={errors}
                labelRef={(element) => {
                  if (element) labels.current.set(row.key, element);
                  else labels.current.delete(row.key);
                }}
                onChange={(changed) => change(rows.map((r) => (r.key === row.key ? changed : r)))}
                onRemove={() => change(rows.filter((r) => r.key !== row.key))}
              />
            ))}
            <button
              type="button"
              className={`${rowButtonClass} self-start`}
              onClick={() => {
                const added: RaceRow = {
                  key: nextKey++,
                  discipline,
                  label: '',
                  capacity: '',
                  feeUsd: '',
                  feeZwg: '',
                  startTime: '',
                  bibFrom: '',
                  bibTo: '',
                  taken: 0,
                };
                change([...rows, added], added.key);
              }}
            >
              Add a {WHO[discipline]} race
            </button>
          </fieldset>
        );
      })}
    </SettingsSection>
  );
}

function RaceCard({
  row,
  errors,
  labelRef,
  onChange,
  onRemove,
}: {
  row: RaceRow;
  errors: Errors;
  labelRef: (element: HTMLInputElement | null) => void;
  onChange: (row: RaceRow) => void;
  onRemove: () => void;
}) {
  const name = row.label.trim() || 'new race';
  const capacity = capacityOf(row.capacity);
  const full = typeof capacity === 'number' && row.taken >= capacity;
  const field = (
    name: 'label' | 'capacity' | 'feeUsd' | 'feeZwg' | 'startTime' | 'bibFrom' | 'bibTo',
    label: string,
  ) => ({
    label,
    error: errors[`${row.key}.${name}`],
    value: row[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...row, [name]: event.target.value }),
    autoComplete: 'off',
  });
  return (
    <fieldset className="rounded-lg border border-stone-200 bg-stone-50 p-4">
      <legend className="sr-only">
        {row.id ? row.label || 'Race' : 'New race'}, {row.taken} {row.taken === 1 ? 'entry' : 'entries'}
        {full ? ', full' : ''}
      </legend>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {/* The legend says the same to screen readers. */}
        <p aria-hidden="true" className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          {row.id ? row.label || 'Race' : 'New race'}
          <span className="font-normal text-stone-700">
            · {row.taken} {row.taken === 1 ? 'entry' : 'entries'}
          </span>
          {full && <Badge tone="bad">Full</Badge>}
        </p>
        {row.taken > 0 ? (
          <p className="text-sm text-stone-600">Has entries, so it cannot be removed</p>
        ) : (
          <button type="button" className={rowButtonClass} onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-7">
        <TextField {...field('label', 'Name')} ref={labelRef} />
        <TextField {...field('capacity', 'Capacity')} placeholder="No limit" inputMode="numeric" />
        <TextField {...field('feeUsd', 'Fee in USD')} placeholder="No fee" inputMode="decimal" />
        <TextField {...field('feeZwg', 'Fee in ZWG')} placeholder="No fee" inputMode="decimal" />
        {/* A whole row on a phone: half of one cuts the time (06:00 AI); the bibs' pair then shares the next. */}
        <TextField
          {...field('startTime', 'Start time')}
          type="time"
          fieldClassName="col-span-2 lg:col-span-1"
        />
        <TextField {...field('bibFrom', 'Bibs from')} placeholder="None" inputMode="numeric" />
        <TextField {...field('bibTo', 'Bibs to')} placeholder="None" inputMode="numeric" />
      </div>
    </fieldset>
  );
}
