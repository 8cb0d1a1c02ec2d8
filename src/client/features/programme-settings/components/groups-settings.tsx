import { useId, useMemo, useRef, useState } from 'react';
import type { PersonListRow } from '../../../../shared/people/people.ts';
import { CellGroupInputSchema } from '../../../../shared/programme-settings/programme-settings.ts';
import { SaveActions } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { SearchField } from '../../../components/ui/search-box.tsx';
import { ApiError } from '../../../lib/api.ts';
import { oneOf, showFieldErrors } from '../../../lib/field-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { type GroupRow, type SettingsLists, usePickerPeople } from '../api/programme-settings.ts';
import { EditableList } from './editable-list.tsx';

type GroupInput = SettingsLists['groups']['input'];
type Values = { name: string; facilitatorId: string };

/** How many men the picker lists at once: typing narrows it (a register may hold thousands). */
const SHOWN = 40;

const personName = (person: Pick<PersonListRow, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Cell groups: name, facilitator and members (a man is in one group; choosing him here moves him). */
export function GroupsSettings() {
  const men = usePickerPeople('men');
  const facilitators = usePickerPeople('facilitators');
  const menById = useMemo(() => new Map(men.data?.rows.map((man) => [man.id, man]) ?? []), [men.data]);
  const facilitatorName = (id: string | null) => {
    if (!id) return 'None';
    const facilitator = facilitators.data?.rows.find((f) => f.id === id);
    return facilitator ? personName(facilitator) : 'Not an approved facilitator';
  };
  const memberNames = (group: GroupRow) => {
    const names = group.memberIds
      .map((id) => menById.get(id))
      .filter((man) => man !== undefined)
      .map(personName);
    return (
      <>
        {group.memberIds.length} {group.memberIds.length === 1 ? 'man' : 'men'}
        {names.length > 0 && (
          <span className="block text-stone-600">
            {names.slice(0, 4).join(', ')}
            {names.length > 4 ? ` and ${names.length - 4} more` : ''}
          </span>
        )}
      </>
    );
  };

  return (
    <EditableList
      list="groups"
      noun="cell group"
      columns={[
        { label: 'Name', value: (group) => group.name, main: true },
        { label: 'Facilitator', value: (group) => facilitatorName(group.facilitatorId) },
        { label: 'Members', value: memberNames },
      ]}
      nameOf={(group) => group.name}
      emptyText="No cell groups yet."
      dialogTitle={(group) => (group ? `Edit ${group.name}` : 'Add cell group')}
      dialogSize="lg"
      savedText={(input) => `Cell group “${input.name}” saved.`}
      removeWarning="Its men stay registered, with their attendance and uploads; they are no longer in a cell group."
      needs={{
        ready: Boolean(men.data && facilitators.data),
        pending: men.isPending || facilitators.isPending,
        error: men.error ?? facilitators.error,
        retry: () => {
          void men.refetch();
          void facilitators.refetch();
        },
      }}
      form={({ row, rows, ...form }) =>
        men.data && facilitators.data && rows ? (
          <GroupForm
            group={row}
            men={men.data.rows}
            facilitators={facilitators.data.rows}
            groups={rows}
            {...form}
          />
        ) : null
      }
    />
  );
}

function GroupForm({
  group,
  men,
  facilitators,
  groups,
  busy,
  error,
  onCancel,
  onSave,
}: {
  group: GroupRow | undefined;
  men: PersonListRow[];
  facilitators: PersonListRow[];
  groups: GroupRow[];
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onSave: (input: GroupInput) => Promise<void>;
}) {
  const [memberIds, setMemberIds] = useState<string[]>(group?.memberIds ?? []);
  const members = useRef(memberIds);
  members.current = memberIds;
  const {
    field,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(CellGroupInputSchema, {
    // The contract takes null for "no facilitator" and the members chosen below.
    toSchemaInput: (values: Values) => ({
      ...values,
      facilitatorId: values.facilitatorId || null,
      memberIds: members.current,
    }),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { name: group?.name ?? '', facilitatorId: group?.facilitatorId ?? '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    if (busy) return;
    try {
      await onSave(input);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        setError('name', { message: failure.message }, { shouldFocus: true });
      }
      showFieldErrors(failure, setError, oneOf(['name', 'facilitatorId'] as const));
    }
  });
  const groupOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const other of groups) {
      if (other.id === group?.id) continue;
      for (const id of other.memberIds) map.set(id, other.name);
    }
    return map;
  }, [groups, group?.id]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField label="Name" {...field('name')} autoComplete="off" />
      <SelectField
        label="Facilitator"
        error={errors.facilitatorId?.message}
        hint="Approved facilitators only."
        {...register('facilitatorId')}
      >
        <option value="">No facilitator yet</option>
        {facilitators.map((facilitator) => (
          <option key={facilitator.id} value={facilitator.id}>
            {`${personName(facilitator)} · ${facilitator.email}`}
          </option>
        ))}
      </SelectField>
      <MemberPicker men={men} groupOf={groupOf} selected={memberIds} onChange={setMemberIds} />
      <SaveActions
        // A clash of names is shown beside the name.
        failure={error instanceof ApiError && error.status === 409 ? undefined : error}
        onCancel={onCancel}
        busy={busy}
      />
    </form>
  );
}

/** Members: the chosen men (each removable), and a search over the register with a tick box per man. */
function MemberPicker({
  men,
  groupOf,
  selected,
  onChange,
}: {
  men: PersonListRow[];
  groupOf: Map<string, string>;
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const chosenId = useId();
  const [text, setText] = useState('');
  const chosen = new Set(selected);
  const byId = new Map(men.map((man) => [man.id, man]));
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = men.filter((man) => {
    const haystack = `${man.firstName} ${man.lastName} ${man.email}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const shown = matches.slice(0, SHOWN);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((member) => member !== id));

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1.5 font-medium text-stone-800">Members</legend>
      <div>
        <p id={chosenId} className="text-sm text-stone-700">
          {selected.length === 0
            ? 'No men chosen yet.'
            : `${selected.length} ${selected.length === 1 ? 'man' : 'men'} chosen:`}
        </p>
        {selected.length > 0 && (
          <ul aria-labelledby={chosenId} className="mt-1.5 flex flex-wrap gap-1.5">
            {selected.map((id) => {
              const man = byId.get(id);
              const name = man ? personName(man) : 'Unknown man';
              return (
                <li key={id}>
                  <button
                    type="button"
                    onClick={() => toggle(id, false)}
                    aria-label={`Remove ${name}`}
                    className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-stone-300 bg-stone-100 px-3 text-sm font-medium hover:bg-stone-200 focus-visible:outline-3 focus-visible:outline-brand-600"
                  >
                    {name}
                    <span aria-hidden="true" className="text-stone-600">
                      ✕
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <SearchField label="Find men to add" value={text} onText={setText} placeholder="Name or email" />
      <ul className="flex max-h-72 flex-col overflow-y-auto rounded-lg border border-stone-200">
        {shown.map((man) => {
          const other = groupOf.get(man.id);
          return (
            <li key={man.id} className="border-b border-stone-100 last:border-b-0">
              <label className="flex min-h-11 cursor-pointer items-start gap-3 px-3 py-2 hover:bg-stone-50">
                <input
                  type="checkbox"
                  checked={chosen.has(man.id)}
                  onChange={(event) => toggle(man.id, event.target.checked)}
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="font-medium">{personName(man)}</span>
                  <span className="block text-sm text-stone-600 [overflow-wrap:anywhere]">{man.email}</span>
                  {other && (
                    <span className="block text-sm font-medium text-amber-900">
                      {chosen.has(man.id) ? `Moves here from ${other}` : `In ${other}`}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
        {shown.length === 0 && <li className="px-3 py-2 text-stone-700">No man matches “{text.trim()}”.</li>}
      </ul>
      <p className="text-sm text-stone-600" aria-live="polite">
        {matches.length > SHOWN
          ? `Showing ${SHOWN} of ${matches.length} men — type a name to narrow the list.`
          : `${matches.length} ${matches.length === 1 ? 'man' : 'men'} listed.`}
      </p>
    </fieldset>
  );
}
