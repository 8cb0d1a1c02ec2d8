import { useEffect, useId, useRef, useState } from 'react';
import { DISCIPLINES } from '../../../../shared/events/event-display.ts';
import {
  PARTICIPANT_COLUMNS,
  PARTICIPANTS_PAGE_SIZES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type Participant,
  type ParticipantColumn,
} from '../../../../shared/participants/participants.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { inputClass, SelectField } from '../../../components/ui/field.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { Cell, DataTable, rowClass, type SortableColumn } from '../../../components/ui/table.tsx';
import { TYPING_PAUSE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useEventSettings } from '../../event-settings/api/event-settings.ts';
import { useParticipants } from '../api/list-participants.ts';
import { Downloads } from './downloads.tsx';
import { COLUMN_LABELS, COLUMN_VALUES, fullName, sortOrderLabel } from './participant-columns.tsx';
import { ParticipantDialog } from './participant-dialog.tsx';
import {
  type FilterName,
  GENDER_FILTERS,
  type ListState,
  useParticipantFilters,
} from './use-participant-filters.ts';

const COLUMN_KEYS = PARTICIPANT_COLUMNS.map(([key]) => key);
const GENDER_FILTER_LABELS = { Male: 'Male', Female: 'Female', unknown: 'Not given' } as const;

/** Each row a card on a phone, its short fields two by two; the table's own row from the `sm` width. */
// Dense: the date fills the gap beside Payment that the (full-width) reference leaves.
const cardRowClass = rowClass.replace(/^block /, 'grid grid-flow-row-dense grid-cols-2 gap-x-3 ');
const WIDE_ON_PHONE: ParticipantColumn[] = ['email', 'nextOfKinMobile', 'reference'];
const NO_WRAP: ParticipantColumn[] = ['mobile', 'nextOfKinMobile', 'reference', 'createdAt'];

const entries = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/** /Participants: every runner and cyclist, searched, filtered, sorted and paged on the server. */
export function ParticipantsPage() {
  const { state, update, filtered, clear } = useParticipantFilters();
  const list = useParticipants(state);
  const [open, setOpen] = useState<Participant>();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const { q, discipline, race, payment, gender, tshirt, sort, dir } = state;
  const downloadFilter = { q, discipline, race, payment, gender, tshirt, sort, dir };

  const headings: (string | SortableColumn)[] = COLUMN_KEYS.map((key) => ({
    // A non-breaking hyphen: "T-shirt" may not split over two lines when the headings wrap.
    label: COLUMN_LABELS[key].replace('-', '\u2011'),
    sort: key === sort ? (dir === 'asc' ? 'ascending' : 'descending') : 'none',
    onSort: () => update({ sort: key, dir: key === sort && dir === 'asc' ? 'desc' : 'asc' }),
  }));

  return (
    // Thirteen columns need more than the usual column width on a desktop.
    <div data-wide-page="">
      <PageHeading title="Registered Participants">
        <p>
          Runners and cyclists of the fun run. Search, filter and sort the list; open an entry to record a
          payment, correct it or cancel it. The downloads hold the list as filtered here.
        </p>
      </PageHeading>

      <Filters state={state} update={update} filtered={filtered} clear={clear} />

      <Downloads filter={downloadFilter} />

      {list.isPending && <Loading label="Loading the participants…" />}
      <QueryError query={list} />
      <p aria-live="polite" className="sr-only">
        {data && !list.isPlaceholderData ? `${entries(data.total)} found.` : ''}
      </p>
      {data && data.rows.length === 0 && (
        <div className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          {filtered ? (
            <p>
              No entry matches these filters.{' '}
              <button type="button" onClick={clear} className="font-semibold text-brand-700 underline">
                Clear the filters
              </button>
            </p>
          ) : (
            <p>Nobody has registered yet. Entries appear here as soon as runners and cyclists register.</p>
          )}
        </div>
      )}
      {data && data.rows.length > 0 && (
        <>
          <DataTable
            label="Participants table"
            columns={headings}
            // Thirteen columns fit a 1280 px screen with less padding and two-word headings on two lines (the
            // descendant selectors win over the cells' own classes, whatever order the classes come in).
            className={`sm:[&_td]:px-1.5 sm:[&_th>button]:px-1.5 sm:[&_th]:whitespace-normal ${list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {data.rows.map((entry) => (
              <ParticipantRow key={entry.id} entry={entry} onOpen={() => setOpen(entry)} />
            ))}
          </DataTable>
          <Pager
            label="Pages of participants"
            page={state.page}
            pages={pages}
            onTurn={(step) => update({ page: state.page + step })}
            after={
              <div className="sm:ml-auto">
                <PageSizeSelect state={state} update={update} />
              </div>
            }
          >
            Page {Math.min(data.page, pages)} of {pages} · {entries(data.total)}
          </Pager>
        </>
      )}

      <ParticipantDialog entry={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}

function ParticipantRow({ entry, onOpen }: { entry: Participant; onOpen: () => void }) {
  return (
    <tr className={`${cardRowClass} odd:bg-white even:bg-stone-50`}>
      {COLUMN_KEYS.map((key) => (
        <Cell
          key={key}
          label={COLUMN_LABELS[key]}
          className={`${WIDE_ON_PHONE.includes(key) ? 'col-span-2' : ''} ${key === 'email' ? '[overflow-wrap:anywhere] sm:min-w-32' : ''} ${NO_WRAP.includes(key) ? 'sm:whitespace-nowrap' : ''}`}
        >
          {key === 'firstName' ? (
            <button
              type="button"
              onClick={onOpen}
              aria-label={`${fullName(entry)}, open the entry`}
              className="-mx-1 min-h-6 rounded px-1 text-left font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600"
            >
              {entry.firstName}
            </button>
          ) : (
            COLUMN_VALUES[key](entry)
          )}
        </Cell>
      ))}
    </tr>
  );
}

function Filters({
  state,
  update,
  filtered,
  clear,
}: Pick<ReturnType<typeof useParticipantFilters>, 'state' | 'update' | 'filtered' | 'clear'>) {
  const settings = useEventSettings();
  const [text, setText] = useState(state.q ?? '');
  const [typed] = useDebouncedValue(text, TYPING_PAUSE_MS);
  // The search last put in the address by typing here; any other change of it (Clear, back) is shown here.
  const sent = useRef(state.q);
  const latest = useRef({ q: state.q, update });
  useEffect(() => {
    latest.current = { q: state.q, update };
  });
  useEffect(() => {
    if (state.q === sent.current) return;
    sent.current = state.q;
    setText(state.q ?? '');
  }, [state.q]);
  // Typing waits for a pause before asking the server.
  useEffect(() => {
    const q = typed.trim() || undefined;
    if (q === latest.current.q) return;
    sent.current = q;
    latest.current.update({ q });
  }, [typed]);

  const races =
    settings.data?.races.filter((r) => !state.discipline || r.discipline === state.discipline) ?? [];
  const raceLabels = unique(
    races.map((r) => r.label),
    state.race,
  );
  const sizes = unique(
    DISCIPLINES.filter((d) => !state.discipline || d === state.discipline).flatMap(
      (d) => settings.data?.tshirtSizes[d] ?? [],
    ),
    state.tshirt,
  );

  const select = (name: FilterName, label: string, options: [value: string, text: string][], all: string) => (
    <SelectField
      label={label}
      value={state[name] ?? ''}
      onChange={(event) => {
        const value = event.target.value || undefined;
        if (name !== 'discipline' || !value || !settings.data) return update({ [name]: value });
        // Runner races and sizes are not a cyclist's: a filter that cannot match any more is dropped.
        const keepRace = settings.data.races.some((r) => r.discipline === value && r.label === state.race);
        const keepSize = settings.data.tshirtSizes[value as 'run' | 'cycle'].includes(state.tshirt ?? '');
        update({
          discipline: value,
          race: keepRace ? state.race : undefined,
          tshirt: keepSize ? state.tshirt : undefined,
        });
      }}
    >
      <option value="">{all}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );

  return (
    <div className="mb-4 flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <SearchBox
        label="Search participants"
        value={text}
        onChange={setText}
        onSearch={() => {
          sent.current = text.trim() || undefined;
          update({ q: sent.current });
        }}
        placeholder="Name, email, phone or reference"
        className="sm:max-w-md"
      />
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <legend className="sr-only">Filters</legend>
        {select(
          'discipline',
          'Discipline',
          DISCIPLINES.map((d) => [d, d === 'run' ? 'Runners' : 'Cyclists']),
          'All',
        )}
        {select(
          'race',
          'Race',
          raceLabels.map((label) => [label, label]),
          'All races',
        )}
        {select(
          'payment',
          'Payment',
          PAYMENT_STATUSES.map((s) => [s, PAYMENT_STATUS_LABELS[s]]),
          'Any payment',
        )}
        {select(
          'gender',
          'Gender',
          GENDER_FILTERS.map((g) => [g, GENDER_FILTER_LABELS[g]]),
          'Any gender',
        )}
        {select(
          'tshirt',
          'T-shirt',
          sizes.map((size) => [size, size]),
          'All sizes',
        )}
        <SortSelect state={state} update={update} />
      </fieldset>
      {filtered && (
        <button type="button" onClick={clear} className={`${rowButtonClass} self-start`}>
          Clear filters
        </button>
      )}
    </div>
  );
}

/** Column headings sort the table; on a phone, where they are hidden, this select does. */
function SortSelect({
  state,
  update,
}: {
  state: ListState;
  update: ReturnType<typeof useParticipantFilters>['update'];
}) {
  return (
    <div className="col-span-2 sm:col-span-3 lg:hidden">
      <SelectField
        label="Sort by"
        value={`${state.sort}:${state.dir}`}
        onChange={(event) => {
          const [sort, dir] = event.target.value.split(':') as [ParticipantColumn, 'asc' | 'desc'];
          update({ sort, dir });
        }}
      >
        {COLUMN_KEYS.flatMap((key) =>
          (['asc', 'desc'] as const).map((order) => (
            <option key={`${key}:${order}`} value={`${key}:${order}`}>
              {sortOrderLabel(key, order)}
            </option>
          )),
        )}
      </SelectField>
    </div>
  );
}

function PageSizeSelect({
  state,
  update,
}: {
  state: ListState;
  update: ReturnType<typeof useParticipantFilters>['update'];
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium text-stone-800">
        Rows per page
      </label>
      <select
        id={id}
        value={state.pageSize}
        onChange={(event) => update({ pageSize: Number(event.target.value) })}
        className={inputClass.replace('w-full', 'w-auto')}
      >
        {PARTICIPANTS_PAGE_SIZES.map((size) => (
          <option key={size}>{size}</option>
        ))}
      </select>
    </div>
  );
}

/** Distinct values in order, plus the current one (e.g. from an old link) so the select can show it. */
function unique(values: string[], current: string | undefined) {
  const all = [...new Set(values)];
  if (current && !all.includes(current)) all.push(current);
  return all;
}
