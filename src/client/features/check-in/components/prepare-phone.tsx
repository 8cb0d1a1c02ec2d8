import { useId, useState } from 'react';
import { harareTime } from '../../../../shared/check-in/check-in-text.ts';
import { Button, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { ErrorMessage } from '../../../components/ui/status.tsx';
import { keepPageOffline } from '../offline-page.ts';
import { prepareRoster, useRoster } from '../roster.ts';
import { syncRoster } from '../sync.ts';

const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entrant' : 'entrants'}`;

/**
 * "Prepare this phone for race morning": the roster downloaded into the phone (with its progress), so that
 * look-ups work without signal; then how many entrants it holds and as of when, and a refresh by changes.
 */
export function PreparePhone({
  volunteer,
  onRefused,
}: {
  volunteer: { id: string; name: string };
  onRefused: (message: string) => void;
}) {
  const roster = useRoster();
  const [progress, setProgress] = useState<{ received: number; total: number | null } | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const progressId = useId();

  async function prepare() {
    setProblem(null);
    setProgress({ received: 0, total: null });
    try {
      await prepareRoster(volunteer.id, (received, total) => setProgress({ received, total }));
      void keepPageOffline(volunteer.id);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setProgress(null);
    }
  }

  async function refresh() {
    setProblem(null);
    setRefreshing(true);
    const done = await syncRoster(volunteer, onRefused);
    setRefreshing(false);
    if (!done)
      setProblem(
        'No connection: the list could not be refreshed. It is tried again when the signal returns.',
      );
  }

  const busy = progress !== null || refreshing;
  return (
    <Section title="Race morning without signal">
      {roster ? (
        <p className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          This phone has the list of <strong>{count(roster.entries.length)}</strong>, as of{' '}
          <strong>{harareTime(roster.asOf)}</strong>. Look-ups use it when there is no signal.
        </p>
      ) : (
        roster === null && (
          <p className="text-stone-800">
            Download the list of entrants into this phone so that scanning and searching work without signal.
            Possible from the day before the event; the list is wiped when you log out and after the event.
          </p>
        )
      )}
      {progress && (
        <div className="flex flex-col gap-1">
          <label htmlFor={progressId} className="text-sm font-semibold text-stone-800">
            Downloading the list…
            {progress.received > 0 && ` ${Math.round(progress.received / 1024).toLocaleString('en-GB')} KB`}
          </label>
          {progress.total ? (
            <progress id={progressId} className="w-full" value={progress.received} max={progress.total} />
          ) : (
            <progress id={progressId} className="w-full" />
          )}
        </div>
      )}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
      {roster ? (
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void refresh()}>
          {refreshing ? 'Refreshing the list…' : 'Refresh the list'}
        </button>
      ) : (
        <Button type="button" disabled={busy || roster === undefined} onClick={() => void prepare()}>
          Prepare this phone for race morning
        </Button>
      )}
    </Section>
  );
}
