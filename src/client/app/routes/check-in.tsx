import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  CHECK_IN_SEARCH_HINT,
  type CheckInEntry,
  isCheckInSearch,
} from '../../../shared/check-in/check-in.ts';
import { alreadyText, harareTime } from '../../../shared/check-in/check-in-text.ts';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { errorText } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Section } from '../../components/ui/section.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import {
  checkInQueryKey,
  entryByCode,
  useCheckInCounts,
  useSearchEntries,
} from '../../features/check-in/api/check-in.ts';
import { keepSendingCash, onCashSent } from '../../features/check-in/cash-queue.ts';
import { CheckInCountsList } from '../../features/check-in/components/check-in-counts.tsx';
import { EntryCard } from '../../features/check-in/components/entry-card.tsx';
import { PreparePhone } from '../../features/check-in/components/prepare-phone.tsx';
import { QrScanner } from '../../features/check-in/components/qr-scanner.tsx';
import { WalkUps } from '../../features/check-in/components/walk-ups.tsx';
import { checkInCodeIn } from '../../features/check-in/decode-qr.ts';
import { useOfflineAnswers } from '../../features/check-in/lookup.ts';
import { keepPageOffline } from '../../features/check-in/offline-page.ts';
import { applyEntryToRoster, currentRoster, openRoster } from '../../features/check-in/roster.ts';
import { keepRosterFresh } from '../../features/check-in/sync.ts';
import {
  keepSendingWaiting,
  onTapSent,
  useOthersWaitingCount,
  useWaitingTaps,
} from '../../features/check-in/tap-queue.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useSearchText } from '../../lib/use-debounced-value.ts';

const waitingText = (count: number) =>
  `${count} ${count === 1 ? 'check-in' : 'check-ins'} waiting to be sent`;

/** Race morning at the table: find the entrant (QR code or search), then check in and hand the T-shirt. */
export default function CheckInPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const waiting = useWaitingTaps();
  const othersWaiting = useOthersWaitingCount();
  const search = useSearchText();
  // Too little to search by is not sent: the server would refuse it, and the hint says why.
  const searchable = isCheckInSearch(search.query);
  const results = useSearchEntries(searchable ? search.query : '');
  const counts = useCheckInCounts();
  const [selected, setSelected] = useState<CheckInEntry | null>(null);
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  // A tap sent later from the phone's queue that the server refused (the entry cancelled meanwhile…).
  const [refused, setRefused] = useState<string | null>(null);
  // Taps made without signal that another volunteer had made first: "already checked in at … by …".
  const [already, setAlready] = useState<string[]>([]);
  const offlineAsOf = useOfflineAnswers();

  useEffect(() => {
    keepSendingWaiting(user.id);
    return onTapSent((answer) => {
      if (answer.kind === 'refused') {
        setRefused(answer.message);
        return;
      }
      const { entry, outcome, action } = answer.result;
      if (outcome === 'already') {
        setAlready((notes) => [
          ...notes,
          `${entry.firstName} ${entry.lastName}: ${alreadyText(action, entry)}`,
        ]);
      }
      void applyEntryToRoster(entry);
      setSelected((current) => (current?.id === entry.id ? entry : current));
      void queryClient.invalidateQueries({ queryKey: checkInQueryKey });
    });
  }, [queryClient, user.id]);

  // Cash taken at the table goes when its minute to undo it is over (and kept cash when the page opens).
  useEffect(() => {
    const stop = keepSendingCash(user.id);
    const off = onCashSent((answer) => {
      if (answer.kind === 'refused') {
        setRefused(answer.message);
        return;
      }
      void applyEntryToRoster(answer.entry);
      setSelected((current) => (current?.id === answer.entry.id ? answer.entry : current));
      void queryClient.invalidateQueries({ queryKey: checkInQueryKey });
    });
    return () => {
      stop();
      off();
    };
  }, [queryClient, user.id]);

  // The phone's roster (issue 37): read for this account (wiped when the event's day is over), kept fresh.
  useEffect(() => {
    void openRoster(user.id).then(() => {
      if (currentRoster()) void keepPageOffline(user.id);
    });
    return keepRosterFresh({ id: user.id, name: user.name }, setRefused, () => {
      void queryClient.invalidateQueries({ queryKey: checkInQueryKey });
    });
  }, [queryClient, user.id, user.name]);

  // A hand-held scanner types the QR code's text and Enter: its one entry opens as a camera scan would.
  const typedCode = checkInCodeIn(search.query);
  const onlyResult = results.data?.entries.length === 1 ? results.data.entries[0] : undefined;
  useEffect(() => {
    if (typedCode && onlyResult) setSelected(onlyResult);
  }, [typedCode, onlyResult]);

  const choose = (entry: CheckInEntry) => {
    setScanProblem(null);
    setSelected(entry);
    void queryClient.invalidateQueries({ queryKey: checkInQueryKey });
  };

  async function scanned(code: string) {
    setScanProblem(null);
    try {
      setSelected(await entryByCode(code));
    } catch (error) {
      setScanProblem(errorText(error));
    }
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeading title="Check-in">
        <p>Scan the entrant’s QR code, or find the entry by name, bib or reference.</p>
      </PageHeading>

      {waiting.length > 0 && (
        <p
          role="status"
          className="rounded-lg border-2 border-amber-500 bg-amber-50 p-3 font-semibold text-amber-950"
        >
          {waitingText(waiting.length)}: they go as soon as the phone has signal.
        </p>
      )}

      {othersWaiting > 0 && (
        <p role="status" className="rounded-lg border border-stone-300 bg-white p-3 text-stone-800">
          {othersWaiting === 1
            ? 'One check-in made on this phone by another volunteer has not been sent: it goes when that volunteer signs in here again.'
            : `${othersWaiting} check-ins made on this phone by another volunteer have not been sent: they go when that volunteer signs in here again.`}
        </p>
      )}

      {refused && <ErrorMessage>A tap made without signal was not recorded: {refused}</ErrorMessage>}

      {already.length > 0 && (
        <div role="alert" className="rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">Sent, but someone had done it first:</p>
          <ul className="list-disc pl-5">
            {already.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}

      {offlineAsOf && (
        <p
          role="status"
          className="rounded-lg border-2 border-sky-700 bg-sky-50 p-3 font-semibold text-sky-950"
        >
          Offline — answers from this phone’s list of {harareTime(offlineAsOf)}
        </p>
      )}

      <div className="flex flex-col gap-4">
        <QrScanner onCode={(code) => void scanned(code)} />
        {scanProblem && <ErrorMessage>{scanProblem}</ErrorMessage>}
        <SearchBox
          label="Name, bib or reference"
          value={search.text}
          onChange={search.setText}
          onSearch={search.searchNow}
          hint={CHECK_IN_SEARCH_HINT}
          submitLabel="Find"
        />
      </div>

      {selected && (
        <EntryCard
          key={selected.id}
          entry={selected}
          volunteer={user.name}
          accountId={user.id}
          waitingActions={waiting
            .filter((tap) => tap.registrationId === selected.id)
            .map((tap) => tap.action)}
          onChange={(entry) => {
            setSelected(entry);
            void queryClient.invalidateQueries({ queryKey: checkInQueryKey });
          }}
        />
      )}

      {search.query && !searchable && (
        <p role="status" className="rounded-lg border border-stone-300 bg-white p-3 text-stone-800">
          “{search.query}” is too short to search by: keep typing, or enter a whole bib number.
        </p>
      )}

      {search.query && searchable && (
        <Section title="Entries found">
          {results.isPending && <Loading label="Looking…" />}
          <QueryError query={results} />
          {results.data?.entries.length === 0 && <p>No entry matches “{search.query}”.</p>}
          {results.data && results.data.entries.length > 0 && (
            <ul className="flex flex-col gap-2">
              {results.data.entries.map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    aria-pressed={selected?.id === entry.id}
                    onClick={() => choose(entry)}
                    className="flex min-h-14 w-full items-center justify-between gap-3 rounded-xl border border-stone-300 bg-white p-3 text-left shadow-sm hover:bg-stone-50 aria-pressed:border-brand-700 aria-pressed:ring-2 aria-pressed:ring-brand-700"
                  >
                    <span>
                      <span className="block font-bold">
                        {entry.firstName} {entry.lastName}
                      </span>
                      <span className="block text-sm text-stone-700">
                        {entry.reference} · {DISCIPLINE_LABELS[entry.discipline]} {entry.race}
                        {entry.checkedIn ? ' · checked in' : ''}
                        {entry.paymentStatus === 'unpaid'
                          ? ' · not paid'
                          : entry.paymentStatus === 'part_paid'
                            ? ' · part paid'
                            : ''}
                      </span>
                    </span>
                    <span className="text-lg font-bold">{entry.bib === null ? '' : `Bib ${entry.bib}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      <PreparePhone volunteer={{ id: user.id, name: user.name }} onRefused={setRefused} />

      <WalkUps accountId={user.id} />

      <Section title="Checked in so far">
        {counts.isPending && counts.fetchStatus === 'paused' && (
          <p className="text-stone-800">The counts need signal: they show when the phone is back online.</p>
        )}
        {counts.isPending && counts.fetchStatus !== 'paused' && <Loading label="Loading the counts…" />}
        <QueryError query={counts} />
        {counts.data && <CheckInCountsList counts={counts.data} />}
      </Section>
    </div>
  );
}
