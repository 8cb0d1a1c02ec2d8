import { useId, useState } from 'react';
import {
  BIB_ORDER_LABELS,
  BIB_ORDERS,
  type BibOrder,
  formatBibRange,
  type RaceBibs,
} from '../../../../shared/participants/bibs.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { RadioCard } from '../../../components/ui/field.tsx';
import { FormSuccess } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useAssignBibs, useRaceBibs } from '../api/bibs.ts';

const DISCIPLINE_NAMES = { run: 'Runners', cycle: 'Cyclists' } as const;
const raceName = (race: RaceBibs) => `${DISCIPLINE_NAMES[race.discipline]} ${race.label}`;
const entries = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/** Each race's bib numbers, and "Assign bibs" for the entries of a race that have none yet. */
export function BibPanel() {
  const races = useRaceBibs();
  const headingId = useId();
  const [assigning, setAssigning] = useState<RaceBibs>();
  const [result, setResult] = useState<string>();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:ml-auto sm:max-w-2xl"
    >
      <h2 id={headingId} className="font-semibold text-stone-900">
        Bib numbers
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Each race gives the numbers of its range (set in{' '}
        <a href="/EventSettings#races" className="font-medium text-brand-800 underline">
          Event settings → Races
        </a>
        ). Assigning numbers the entries that have no bib; entries that have one keep it. Cancelled entries
        keep their bib, so it is never given to anyone else. Open an entry to set or clear its bib by hand.
      </p>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {result && <FormSuccess>{result}</FormSuccess>}
      </div>
      {races.isPending && <Loading label="Loading the races…" />}
      <QueryError query={races} />
      {races.data && (
        <ul className="mt-3 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
          {races.data.map((race) => (
            <li key={race.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="flex flex-col">
                <span className="font-semibold text-stone-900">{raceName(race)}</span>
                <span className="text-sm text-stone-700">
                  {race.bibFrom === null
                    ? 'No bib numbers yet'
                    : `Bibs ${formatBibRange(race)} · ${race.free.toLocaleString('en-GB')} free`}
                  {' · '}
                  {race.withoutBib === 0
                    ? race.active === 0
                      ? 'no entries yet'
                      : 'every entry has a bib'
                    : `${entries(race.withoutBib)} without a bib`}
                </span>
              </div>
              {race.bibFrom !== null && race.withoutBib > 0 && (
                <button
                  type="button"
                  className={rowButtonClass}
                  aria-label={`Assign bibs: ${raceName(race)}`}
                  onClick={() => {
                    setResult(undefined);
                    setAssigning(race);
                  }}
                >
                  Assign bibs
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {assigning && (
        <AssignBibsDialog
          race={assigning}
          onClose={() => setAssigning(undefined)}
          onAssigned={(text) => {
            setAssigning(undefined);
            setResult(text);
          }}
        />
      )}
    </section>
  );
}

function AssignBibsDialog({
  race,
  onClose,
  onAssigned,
}: {
  race: RaceBibs;
  onClose: () => void;
  onAssigned: (text: string) => void;
}) {
  const assign = useAssignBibs();
  const [order, setOrder] = useState<BibOrder>('surname');
  const [failure, setFailure] = useState<unknown>();
  const textId = useId();
  const tooFew = race.free < race.withoutBib;

  async function confirm() {
    if (assign.isPending) return;
    setFailure(undefined);
    try {
      const { assigned, first, last } = await assign.mutateAsync({ raceId: race.id, body: { order } });
      onAssigned(
        assigned === 0
          ? `Every entry of ${raceName(race)} already had a bib: none were given.`
          : `${entries(assigned)} of ${raceName(race)} got a bib, ${first === last ? `number ${first}` : `numbers ${first} to ${last}`}.`,
      );
    } catch (error) {
      setFailure(error);
    }
  }
  function close() {
    if (!assign.isPending) onClose();
  }

  return (
    <Dialog open title={`Assign bibs: ${raceName(race)}`} onClose={close}>
      <fieldset>
        <legend className="mb-1.5 font-medium text-stone-800">Order</legend>
        <div className="flex flex-col gap-2">
          {BIB_ORDERS.map((value) => (
            <RadioCard
              key={value}
              label={BIB_ORDER_LABELS[value]}
              name="bib-order"
              value={value}
              checked={order === value}
              onChange={() => setOrder(value)}
            />
          ))}
        </div>
      </fieldset>
      <p id={textId} className="text-stone-700">
        {entries(race.withoutBib)} without a bib will get the lowest free numbers of {formatBibRange(race)} (
        {race.free.toLocaleString('en-GB')} free). Entries that have a bib keep it.
        {tooFew && (
          <strong className="mt-2 block text-red-800">
            The range is too small: {race.withoutBib - race.free} more numbers are needed. Widen it in Event
            settings → Races first.
          </strong>
        )}
      </p>
      <DialogFooter
        failure={failure}
        onCancel={close}
        cancelLabel="Not now"
        label={`Assign ${race.withoutBib.toLocaleString('en-GB')} ${race.withoutBib === 1 ? 'bib' : 'bibs'}`}
        onConfirm={confirm}
        busy={assign.isPending}
        busyLabel="Assigning…"
        describedBy={textId}
      />
    </Dialog>
  );
}
