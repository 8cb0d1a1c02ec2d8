import { formatFinishTime } from '../../../../shared/results/finish-time.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { clockTime } from '../clock.ts';
import { tapQueue } from '../finish-queue.ts';

const bigButton =
  'flex min-h-40 w-full flex-col items-center justify-center rounded-2xl px-4 text-3xl font-bold text-white shadow-md focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:scale-[0.98]';

/** The timing phone: Start as the race starts, then one tap as each finisher crosses. */
export function TapTimes({ raceId }: { raceId: string }) {
  const log = tapQueue.useLog();
  if (!log) return <Loading label="Reading this phone’s taps…" />;
  const taps = log.items.filter((item) => 'raceId' in item && item.raceId === raceId && !item.undone) as {
    kind: 'start' | 'finish';
    at: string;
  }[];
  const start = taps.filter((tap) => tap.kind === 'start').at(-1);
  const finishes = taps.filter((tap) => tap.kind === 'finish');
  const last = finishes.at(-1);
  const tap = (kind: 'start' | 'finish') => {
    navigator.vibrate?.(30);
    void tapQueue.add({ raceId, kind, at: new Date().toISOString() });
  };
  const undo = () => void tapQueue.undoLast((item) => 'raceId' in item && item.raceId === raceId);

  return (
    <div className="flex flex-col gap-4">
      {!start ? (
        <>
          <p>Tap Start as the race starts: every finish time is counted from it.</p>
          <button type="button" onClick={() => tap('start')} className={`${bigButton} bg-emerald-700`}>
            Start
          </button>
        </>
      ) : (
        <>
          <p>
            Started at <strong>{clockTime(start.at)}</strong>. Tap as each finisher crosses the line.
          </p>
          <button type="button" onClick={() => tap('finish')} className={`${bigButton} bg-brand-700`}>
            Finisher
          </button>
        </>
      )}
      <p role="status" className="rounded-lg border border-stone-300 bg-white p-3 text-lg">
        {finishes.length === 0 ? (
          'No finisher tapped yet.'
        ) : (
          <>
            <strong>{finishes.length}</strong> {finishes.length === 1 ? 'finisher' : 'finishers'} tapped ·
            last{' '}
            <strong>
              {start && last ? formatFinishTime(Date.parse(last.at) - Date.parse(start.at)) : ''}
            </strong>
          </>
        )}
      </p>
      {taps.length > 0 && (
        <button type="button" onClick={undo} className={secondaryButtonClass}>
          {finishes.length > 0 ? 'Undo last tap' : 'Undo Start'}
        </button>
      )}
    </div>
  );
}
