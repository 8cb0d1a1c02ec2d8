import type { Path, UseFormRegisterReturn } from 'react-hook-form';
import type { Discipline } from '../../../../shared/events/event-display.ts';
import { SelectField } from '../../../components/ui/field.tsx';
import type { DraftValues } from './draft-values.ts';

export interface RaceChoice {
  discipline: Discipline;
  label: string;
}

export type FieldOf = (name: Path<DraftValues>) => UseFormRegisterReturn & { error?: string };

const DISCIPLINE_WORDS: Record<Discipline, string> = { run: 'Runners', cycle: 'Cyclists' };

/** "Who": the people the message goes to, every choice narrowing it. */
export function AudienceFields({
  field,
  values,
  races,
  teams,
}: {
  field: FieldOf;
  values: DraftValues['audience'];
  races: readonly RaceChoice[];
  teams: readonly { id: string; name: string }[];
}) {
  const waiting = values.people === 'waitlist';
  const notForWaiting = waiting ? 'Not for people waiting' : undefined;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-bold text-stone-900">Who</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label="People" {...field('audience.people')}>
          <option value="entrants">Entrants</option>
          <option value="waitlist">People waiting</option>
        </SelectField>
        <SelectField label="Discipline" {...field('audience.discipline')}>
          <option value="">Any</option>
          <option value="run">Runners</option>
          <option value="cycle">Cyclists</option>
        </SelectField>
        <SelectField label="Race" {...field('audience.race')}>
          <option value="">Any</option>
          {races.map((race) => (
            <option key={`${race.discipline}:${race.label}`} value={race.label}>
              {`${race.label} (${DISCIPLINE_WORDS[race.discipline]})`}
            </option>
          ))}
        </SelectField>
        <SelectField label="Payment" disabled={waiting} hint={notForWaiting} {...field('audience.payment')}>
          <option value="">Any</option>
          <option value="paid">Paid</option>
          <option value="unpaid">Unpaid</option>
          <option value="part_paid">Part paid</option>
        </SelectField>
        <SelectField label="Minors" {...field('audience.minor')}>
          <option value="">Any</option>
          <option value="yes">Only minors</option>
          <option value="no">No minors</option>
        </SelectField>
        <SelectField label="Team" disabled={waiting} hint={notForWaiting} {...field('audience.team')}>
          <option value="">Any</option>
          <option value="yes">In a team</option>
          <option value="no">Not in a team</option>
          {teams.length > 0 && (
            <optgroup label="One team">
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <SelectField
          label="Checked in"
          disabled={waiting}
          hint={notForWaiting}
          {...field('audience.checkedIn')}
        >
          <option value="">Any</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </SelectField>
      </div>
    </fieldset>
  );
}
