import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { errorText } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Section } from '../../components/ui/section.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import {
  useDeleteRow,
  useFinishMerge,
  useFinishRaces,
  useSaveFinishLine,
} from '../../features/finish-line/api/finish-line.ts';
import { clockTime } from '../../features/finish-line/clock.ts';
import { FixGaps } from '../../features/finish-line/components/fix-gaps.tsx';
import { MergeRows } from '../../features/finish-line/components/merge-rows.tsx';

/** The admin's check of a race's finish: taps beside bibs, gaps fixed, then saved as (preliminary) results. */
export default function FinishCheckPage() {
  const races = useFinishRaces();
  const [chosen, setChosen] = useState('');
  const list = races.data?.races ?? [];
  const raceId = list.some((race) => race.id === chosen) ? chosen : (list[0]?.id ?? '');
  const race = list.find((one) => one.id === raceId);
  const merge = useFinishMerge(raceId);
  const remove = useDeleteRow(raceId);
  const save = useSaveFinishLine(raceId);
  const [saved, setSaved] = useState<string | null>(null);
  // What was deleted, with how to put it back: the merge keeps no undo.
  const [deleted, setDeleted] = useState<string | null>(null);
  const changeError = remove.error ?? save.error;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeading title="Check the finish">
        <p>
          The times tapped beside the bibs entered, in finishing order. Fix any gap (a missed tap or a missed
          bib) and delete anything extra, then save them as results.
        </p>
      </PageHeading>
      {races.isPending && <Loading label="Loading the races…" />}
      <QueryError query={races} />
      {races.data && list.length === 0 && <p>No races are set up for this edition yet.</p>}
      {list.length > 0 && (
        <SelectField
          label="Race"
          value={raceId}
          onChange={(event) => {
            setChosen(event.target.value);
            setSaved(null);
          }}
        >
          {list.map((one) => (
            <option key={one.id} value={one.id}>
              {one.label}
            </option>
          ))}
        </SelectField>
      )}
      {raceId && merge.isPending && <Loading label="Putting the taps beside the bibs…" />}
      <QueryError query={merge} />
      {merge.data && (
        <>
          <p>
            {merge.data.startedAt
              ? `Started at ${clockTime(merge.data.startedAt)} by the timing phone’s clock.`
              : 'No start tapped yet.'}{' '}
            Compare each tap’s time of day with its bib’s: where they drift apart, a tap or a bib was missed.
          </p>
          {merge.data.problems.length > 0 ? (
            <div className="rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
              <h2 className="font-bold">To fix before saving</h2>
              <ul className="list-disc pl-5">
                {merge.data.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="rounded-lg border-2 border-emerald-600 bg-emerald-50 p-3 font-semibold text-emerald-950">
              No gaps: every tap has a bib. Check the lines, then save.
            </p>
          )}
          {changeError && <ErrorMessage>{errorText(changeError)}</ErrorMessage>}
          <p role="status" className="font-semibold text-stone-900 empty:hidden">
            {deleted}
          </p>
          <Section title={`Finishers of the ${race?.label ?? 'race'}`}>
            <MergeRows
              merge={merge.data}
              busy={remove.isPending}
              onDelete={(kind, id, done) => {
                setSaved(null);
                setDeleted(null);
                remove.mutate({ kind, id }, { onSuccess: () => setDeleted(done) });
              }}
            />
          </Section>
          <Section title="Fix a gap">
            <FixGaps raceId={raceId} merge={merge.data} />
          </Section>
          <div className="flex flex-col gap-2">
            <Button
              type="button"
              disabled={merge.data.problems.length > 0 || save.isPending}
              onClick={() =>
                save.mutate(undefined, {
                  onSuccess: ({ saved: count }) =>
                    setSaved(
                      `${count} ${count === 1 ? 'result' : 'results'} saved for the ${race?.label}. They stay preliminary until you publish the results.`,
                    ),
                })
              }
            >
              {save.isPending ? 'Saving…' : 'Save as results'}
            </Button>
            <p role="status" className="font-semibold text-emerald-900 empty:hidden">
              {saved}
            </p>
          </div>
        </>
      )}
      <p>
        <Link to="/Finish" className="font-semibold text-brand-800 underline underline-offset-2">
          Back to the finish line
        </Link>
      </p>
    </div>
  );
}
