import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatHarareDateTime } from '../../../../shared/dates.ts';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { clashDone, useWalkUpReview, walkUpReviewQueryOptions } from '../api/walk-ups.ts';

const raceText = (discipline: 'run' | 'cycle' | null, race: string | null) =>
  discipline && race ? `${DISCIPLINE_LABELS[discipline]} ${race}` : 'a race since removed';

/**
 * "Walk-ups to look at" on the admin's dashboard (issue 37): walk-ups kept apart because the person seemed
 * registered already (never merged), until marked done, and walk-ups registered over their race's capacity.
 * Nothing shows while there are none.
 */
export function WalkUpsToLookAt() {
  const review = useWalkUpReview();
  const queryClient = useQueryClient();
  const done = useMutation({
    mutationFn: clashDone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walkUpReviewQueryOptions().queryKey }),
  });
  if (review.isError) return <QueryError query={review} />;
  const { clashes = [], overCapacity = [] } = review.data ?? {};
  if (clashes.length === 0 && overCapacity.length === 0) return null;

  return (
    <section
      aria-labelledby="walk-ups-review"
      className="mb-8 rounded-xl border-2 border-amber-400 bg-white p-4"
    >
      <h2 id="walk-ups-review" className="text-xl font-bold">
        Walk-ups to look at
      </h2>
      {clashes.length > 0 && (
        <>
          <p className="mt-1 text-stone-700">
            Taken at the check-in table but not registered: the same name and email already had an entry.
            Check with the entrant whether it is the same person (find the entry in{' '}
            <Link to="/Participants" className="font-semibold text-brand-700 underline">
              Participants
            </Link>{' '}
            by its reference), then mark it done.
          </p>
          <ul className="mt-3 flex flex-col gap-2">
            {clashes.map((clash) => (
              <li
                key={clash.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-300 p-3"
              >
                <span>
                  <span className="block font-semibold">
                    {clash.firstName} {clash.lastName} · {raceText(clash.discipline, clash.race)}
                  </span>
                  <span className="block text-sm text-stone-700">
                    Seems the same as <span className="font-mono font-semibold">{clash.clashWith}</span> ·
                    taken by {clash.takenBy}, {formatHarareDateTime(clash.takenAt)}
                  </span>
                </span>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={done.isPending}
                  onClick={() => done.mutate(clash.id)}
                  aria-label={`Done: ${clash.firstName} ${clash.lastName}`}
                >
                  Done
                </button>
              </li>
            ))}
          </ul>
          {done.isError && <FormAlert>{errorText(done.error)}</FormAlert>}
        </>
      )}
      {overCapacity.length > 0 && (
        <>
          <h3 className="mt-4 font-bold">Registered over capacity</h3>
          <p className="text-stone-700">Sent from a phone without signal after their race was full.</p>
          <ul className="mt-2 flex flex-col gap-1">
            {overCapacity.map((entry) => (
              <li key={entry.id}>
                <span className="font-mono font-semibold">{entry.reference}</span> {entry.firstName}{' '}
                {entry.lastName} · {raceText(entry.discipline, entry.race)} · taken by {entry.takenBy},{' '}
                {formatHarareDateTime(entry.takenAt)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
