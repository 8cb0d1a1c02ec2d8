import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RadioCard, SelectField } from '../../components/ui/field.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useFinishRaces } from '../../features/finish-line/api/finish-line.ts';
import { EnterBibs } from '../../features/finish-line/components/enter-bibs.tsx';
import { TapTimes } from '../../features/finish-line/components/tap-times.tsx';
import { bibQueue, tapQueue, waitingCount } from '../../features/finish-line/finish-queue.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

const CHOICE_KEY = 'celebration.finish-line.choice';
type Mode = 'taps' | 'bibs';

function keptChoice(): { raceId: string; mode: Mode } {
  try {
    const kept = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? '{}');
    return {
      raceId: typeof kept.raceId === 'string' ? kept.raceId : '',
      mode: kept.mode === 'bibs' ? 'bibs' : 'taps',
    };
  } catch {
    return { raceId: '', mode: 'taps' };
  }
}

/** The finish line on two phones: one taps the times, the other enters the bibs in the same order. */
export default function FinishPage() {
  const user = useCurrentUser();
  const races = useFinishRaces();
  const [choice, setChoice] = useState(keptChoice);
  const [refused, setRefused] = useState<string | null>(null);
  const waiting = waitingCount(tapQueue.useLog()) + waitingCount(bibQueue.useLog());

  useEffect(() => {
    const stopTaps = tapQueue.keepSending(setRefused);
    const stopBibs = bibQueue.keepSending(setRefused);
    return () => {
      stopTaps();
      stopBibs();
    };
  }, []);

  const choose = (next: Partial<typeof choice>) => {
    const chosen = { ...choice, ...next };
    setChoice(chosen);
    localStorage.setItem(CHOICE_KEY, JSON.stringify(chosen));
  };
  const list = races.data?.races ?? [];
  const raceId = list.some((race) => race.id === choice.raceId) ? choice.raceId : (list[0]?.id ?? '');

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <PageHeading title="Finish line">
        <p>
          Two phones at the finish: one taps the time as each finisher crosses, the other enters their bibs in
          the same order.
        </p>
      </PageHeading>

      {waiting > 0 && (
        <p
          role="status"
          className="rounded-lg border-2 border-amber-500 bg-amber-50 p-3 font-semibold text-amber-950"
        >
          {waiting} waiting to send: they go as soon as the phone has signal.
        </p>
      )}
      {refused && <ErrorMessage>Not recorded: {refused}</ErrorMessage>}

      {races.isPending && <Loading label="Loading the races…" />}
      <QueryError query={races} />
      {races.data && list.length === 0 && <p>No races are set up for this edition yet.</p>}
      {list.length > 0 && (
        <>
          <SelectField
            label="Race"
            value={raceId}
            onChange={(event) => choose({ raceId: event.target.value })}
          >
            {list.map((race) => (
              <option key={race.id} value={race.id}>
                {race.label}
              </option>
            ))}
          </SelectField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 font-medium text-stone-800">This phone</legend>
            <div className="grid grid-cols-2 gap-2">
              <RadioCard
                name="mode"
                label="Tap times"
                centred
                checked={choice.mode === 'taps'}
                onChange={() => choose({ mode: 'taps' })}
              />
              <RadioCard
                name="mode"
                label="Enter bibs"
                centred
                checked={choice.mode === 'bibs'}
                onChange={() => choose({ mode: 'bibs' })}
              />
            </div>
          </fieldset>
          {choice.mode === 'taps' ? <TapTimes raceId={raceId} /> : <EnterBibs raceId={raceId} />}
        </>
      )}

      {user.role === 'admin' && (
        <p>
          <Link to="/FinishCheck" className="font-semibold text-brand-800 underline underline-offset-2">
            Check the finish and save it as results
          </Link>
        </p>
      )}
    </div>
  );
}
