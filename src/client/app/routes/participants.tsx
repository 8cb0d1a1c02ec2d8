import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DISCIPLINES } from '../../../shared/events/event-display.ts';
import {
  PARTICIPANT_COLUMNS,
  PARTICIPANTS_PAGE_SIZES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type Participant,
  type ParticipantColumn,
} from '../../../shared/participants/participants.ts';
import { owes } from '../../../shared/payments/balance.ts';
import { rowButtonClass } from '../../components/ui/button.tsx';
import { inputClass, SelectField } from '../../components/ui/field.tsx';
import { FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Loading } from '../../components/ui/status.tsx';
import {
  Cell,
  DataTable,
  rowClass,
  type SortableColumn,
  type UnseenColumn,
} from '../../components/ui/table.tsx';
import { useEditions, useEventSettings } from '../../features/event-settings/api/event-settings.ts';
import { useParticipants } from '../../features/participants/api/list-participants.ts';
import { Downloads } from '../../features/participants/components/downloads.tsx';
import { ArchivedNotice, EditionPicker } from '../../features/participants/components/edition-picker.tsx';
import { MarkPaidDialog } from '../../features/participants/components/mark-paid-dialog.tsx';
import {
  MarkSelectionPaidDialog,
  markedText,
  SelectionBar,
} from '../../features/participants/components/mark-selection-paid.tsx';
import { MoneyBack, OpenCredits } from '../../features/participants/components/money-back.tsx';
import {
  COLUMN_LABELS,
  COLUMN_VALUES,
  fullName,
  sortOrderLabel,
} from '../../features/participants/components/participant-columns.tsx';
import { ParticipantDialog } from '../../features/participants/components/participant-dialog.tsx';
import { PaymentReminders } from '../../features/participants/components/payment-reminders.tsx';
import { usePageSelection } from '../../features/participants/components/use-page-selection.ts';
import {
  type FilterName,
  GENDER_FILTERS,
  type ListState,
  useParticipantFilters,
} from '../../features/participants/components/use-participant-filters.ts';
import { moneyText } from '../../lib/money-text.ts';
import { TYPING_PAUSE_MS, useDebouncedValue } from '../../lib/use-debounced-value.ts';

const COLUMN_KEYS = PARTICIPANT_COLUMNS.map(([key]) => key);
const GENDER_FILTER_LABELS = { Male: 'Male', Female: 'Female', unknown: 'Not given' } as const;

/** Each row a card on a phone, its short fields two by two; the table's own row from the `sm` width. */
// Dense: a short cell fills the gap a wide one leaves before it.
const cardRowClass = rowClass.replace(/^block /, 'grid grid-flow-row-dense grid-cols-2 gap-x-3 ');
const WIDE_ON_PHONE: ParticipantColumn[] = ['email', 'paymentStatus', 'reference'];
const NO_WRAP: ParticipantColumn[] = ['mobile', 'reference', 'createdAt'];

const entries = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/** /Participants: every runner and cyclist, searched, filtered, sorted and paged on the server. */
export default function ParticipantsPage() {
  const { state, update, filtered, clear } = useParticipantFilters();
  const list = useParticipants(state);
  const editions = useEditions();
  const archived = state.edition
    ? editions.data?.find((edition) => edition.id === state.edition && !edition.current)
    : undefined;
  const [open, setOpen] = useState<Pick<Participant, 'id' | 'firstName' | 'lastName'>>();
  const [paying, setPaying] = useState<Participant>();
  const [markingSelection, setMarkingSelection] = useState(false);
  // The selection and the last notice belong to the page of the list they were made on.
  const listKey = JSON.stringify(state);
  const { ids: selectedIds, select, clear: clearSelection } = usePageSelection(listKey);
  const [notice, setNotice] = useState({ listKey, text: '' });
  const say = (text: string) => setNotice({ listKey, text });
  const noticeId = useId();
  // What takes the focus once a dialog has closed (and put it back on a button that is gone with the change).
  const [focusNext, setFocusNext] = useState<string>();
  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(undefined);
  }, [focusNext]);
  const data = list.data;
  // An earlier edition's entries are read, not changed: nothing to mark paid there.
  const unpaid = archived ? [] : (data?.rows.filter((entry) => owes(entry.paymentStatus)) ?? []);
  const selected = unpaid.filter((entry) => selectedIds.has(entry.id));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const { q, discipline, race, payment, gender, tshirt, edition, sort, dir } = state;
  const downloadFilter = { q, discipline, race, payment, gender, tshirt, edition, sort, dir };

  const headings: (SortableColumn | UnseenColumn)[] = [
    { unseen: 'Select' },
    ...COLUMN_KEYS.map(
      (key): SortableColumn => ({
        // A non-breaking hyphen: "T-shirt" may not split over two lines when the headings wrap.
        label: COLUMN_LABELS[key].replace('-', '\u2011'),
        sort: key === sort ? (dir === 'asc' ? 'ascending' : 'descending') : 'none',
        onSort: () => update({ sort: key, dir: key === sort && dir === 'asc' ? 'desc' : 'asc' }),
      }),
    ),
  ];

  return (
    // Thirteen columns need more than the usual column width on a desktop.
    <div data-wide-page="">
      <PageHeading title="Registered Participants">
        <p>
          Runners and cyclists of the fun run. Search, filter and sort the list. “Mark paid” records an
          entry’s fee; tick several to mark them paid together. Open an entry to see whom to call (next of
          kin, a minor's guardian), record any other payment, correct it or cancel it. The downloads hold the
          list as filtered here. People waiting for a place in a full race are on the{' '}
          <Link to="/Waitlist" className="font-medium text-brand-700 underline">
            waitlist
          </Link>
          . Payments on a bank or mobile-money statement are marked from{' '}
          <Link to="/Statements" className="font-medium text-brand-700 underline">
            Statements
          </Link>
          .
        </p>
      </PageHeading>

      {editions.data && editions.data.length > 1 && (
        <EditionPicker
          editions={editions.data}
          value={state.edition}
          onChange={(chosen) => update({ edition: chosen })}
        />
      )}
      {archived && <ArchivedNotice edition={archived} />}

      {!archived && <MoneyBack onOpen={setOpen} />}
      {!archived && <OpenCredits />}

      <Filters state={state} update={update} filtered={filtered} clear={clear} />

      <Downloads filter={downloadFilter} withBibs={!archived} />
      {!archived && (
        <div className="mb-4 grid sm:flex sm:justify-end">
          <PaymentReminders
            filter={{ q, discipline, race, payment, gender, tshirt, edition }}
            onSent={(text) => {
              say(text);
              setFocusNext(noticeId);
            }}
          />
        </div>
      )}

      <div id={noticeId} tabIndex={-1} aria-live="polite" className="mb-4 empty:hidden focus:outline-none">
        {notice.listKey === listKey && notice.text && <FormSuccess>{notice.text}</FormSuccess>}
      </div>

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
          {unpaid.length > 0 && (
            <SelectionBar
              unpaid={unpaid.length}
              selected={selected.length}
              onSelectAll={(all) =>
                all
                  ? select(
                      unpaid.map((entry) => entry.id),
                      true,
                    )
                  : clearSelection()
              }
              onClear={clearSelection}
              onMark={() => {
                say('');
                setMarkingSelection(true);
              }}
            />
          )}
          <DataTable
            label="Participants table"
            columns={headings}
            busy={list.isPlaceholderData}
            // Fourteen columns fit a 1280 px screen with less padding, a slightly smaller type and two-word
            // headings on two lines (the descendant selectors win over the cells' own classes).
            className={`sm:[&_td]:px-1 sm:[&_th>button]:px-1 sm:[&_th]:whitespace-normal sm:[&_table]:text-[13px] ${list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {data.rows.map((entry) => (
              <ParticipantRow
                key={entry.id}
                entry={entry}
                onOpen={() => setOpen(entry)}
                changeable={!archived}
                selected={selectedIds.has(entry.id)}
                onSelect={(on) => select([entry.id], on)}
                onMarkPaid={() => {
                  say('');
                  setPaying(entry);
                }}
              />
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
      <MarkPaidDialog
        entry={paying}
        onClose={() => setPaying(undefined)}
        onPaid={(entry, payment) => {
          setPaying(undefined);
          say(
            `${entry.reference} (${fullName(entry)}) marked paid: ${moneyText(payment.currency, payment.amount)} by ${PAYMENT_METHOD_LABELS[payment.method]}.`,
          );
          // Its Mark paid button is gone with the payment: the keyboard carries on from the entry's row.
          setFocusNext(openButtonId(entry));
        }}
      />
      <MarkSelectionPaidDialog
        open={markingSelection}
        selection={selected}
        onClose={() => setMarkingSelection(false)}
        onDone={(result, request) => {
          setMarkingSelection(false);
          clearSelection();
          say(markedText(result, request));
          setFocusNext(noticeId);
        }}
      />
    </div>
  );
}

const openButtonId = (entry: Participant) => `open-entry-${entry.id}`;

function ParticipantRow({
  entry,
  onOpen,
  changeable,
  selected,
  onSelect,
  onMarkPaid,
}: {
  entry: Participant;
  onOpen: () => void;
  changeable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onMarkPaid: () => void;
}) {
  const unpaid = changeable && owes(entry.paymentStatus);
  return (
    <tr className={`${cardRowClass} odd:bg-white even:bg-stone-50`}>
      <Cell className="col-span-2 empty:hidden sm:w-px sm:empty:table-cell">
        {unpaid && (
          <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 font-medium text-stone-800">
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
              className="size-5 accent-brand-700"
            />
            <span className="sm:sr-only">Select</span>
            <span className="sr-only">
              {' '}
              {entry.reference}, {fullName(entry)}
            </span>
          </label>
        )}
      </Cell>
      {COLUMN_KEYS.map((key) => (
        <Cell
          key={key}
          label={COLUMN_LABELS[key]}
          className={`${WIDE_ON_PHONE.includes(key) ? 'col-span-2' : ''} ${key === 'email' ? '[overflow-wrap:anywhere] sm:min-w-28' : ''} ${NO_WRAP.includes(key) ? 'sm:whitespace-nowrap' : ''}`}
        >
          {key === 'firstName' ? (
            <button
              type="button"
              id={openButtonId(entry)}
              onClick={onOpen}
              aria-label={`${fullName(entry)}, open the entry`}
              className="-mx-1 min-h-6 rounded px-1 text-left font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600"
            >
              {entry.firstName || fullName(entry)}
            </button>
          ) : key === 'paymentStatus' ? (
            <span className="inline-flex flex-wrap items-center gap-2 sm:flex sm:flex-col sm:items-start sm:gap-1">
              {COLUMN_VALUES.paymentStatus(entry)}
              {unpaid && (
                <button
                  type="button"
                  className={`${rowButtonClass} whitespace-nowrap`}
                  aria-label={`Mark paid: ${entry.reference}`}
                  onClick={onMarkPaid}
                >
                  Mark paid
                </button>
              )}
            </span>
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
