import {
  type Person,
  PersonEditSchema,
  type PersonKind,
  type PersonListRow,
} from '../../../../shared/people/people.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Dialog, SaveActions } from '../../../components/ui/dialog.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { PersonalDataDownloads } from '../../access-requests/index.ts';
import { ErasePersonButton } from '../../erasure/index.ts';
import { useEditPerson } from '../api/change-person.ts';
import { usePerson } from '../api/list-people.ts';
import { BE_THAT_MAN_FIELDS, PersonFields, personValues, usePersonForm } from './person-fields.tsx';
import { ProgrammeEnd } from './programme-end.tsx';

/** Manage: one man's (or facilitator's) own details, read in full only now, saved for him alone. */
export function PersonEditDialog({
  kind,
  person,
  onClose,
  onSaved,
}: {
  kind: PersonKind;
  person: PersonListRow | undefined;
  onClose: () => void;
  onSaved: (saved: Person) => void;
}) {
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return (
    <Dialog open={person !== undefined} title={`Manage ${name}`} onClose={onClose} size="lg">
      {/* A new form for each person: his values, no leftovers from the last one. */}
      {person && (
        <div className="flex flex-col gap-6">
          <PersonalDataDownloads
            base={`/api/access-requests/${kind === 'men' ? 'man' : 'facilitator'}/${encodeURIComponent(person.id)}/data`}
            title="Download everything we hold about this person"
          >
            This record, attendance, submissions, checklist and cell group, fun-run entries with the same
            email and the account. Each download is recorded in the audit log.
          </PersonalDataDownloads>
          <OpenedRecord key={person.id} kind={kind} id={person.id} onClose={onClose} onSaved={onSaved} />
        </div>
      )}
      {person && (
        <section
          aria-label="In the programme"
          className="mt-4 flex flex-col gap-4 border-t border-stone-200 pt-4"
        >
          {kind === 'men' && <ProgrammeEnd key={person.id} person={person} />}
          <div className="flex flex-col gap-1">
            <p className="text-sm text-stone-700">
              Unlike Delete, Erase this person also removes {kind === 'men' ? 'his uploaded files, ' : ''}
              signs his account out and keeps a record of why.
            </p>
            <ErasePersonButton
              className="self-start rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 min-h-10"
              subjectType={kind === 'men' ? 'man' : 'facilitator'}
              subjectId={person.id}
              who={name}
              onErased={onClose}
            />
          </div>
        </section>
      )}
    </Dialog>
  );
}

function OpenedRecord({
  kind,
  id,
  onClose,
  onSaved,
}: {
  kind: PersonKind;
  id: string;
  onClose: () => void;
  onSaved: (saved: Person) => void;
}) {
  const record = usePerson(kind, id);
  if (record.isPending) return <Loading label="Loading the record…" />;
  if (record.isError) return <QueryError query={record} />;
  return <EditForm kind={kind} person={record.data} onClose={onClose} onSaved={onSaved} />;
}

function EditForm({
  kind,
  person,
  onClose,
  onSaved,
}: {
  kind: PersonKind;
  person: Person;
  onClose: () => void;
  onSaved: (saved: Person) => void;
}) {
  const edit = useEditPerson(kind);
  const { handleSubmit, setError, showErrors, fieldsProps } = usePersonForm(
    PersonEditSchema,
    BE_THAT_MAN_FIELDS,
    personValues(person, formatPhone),
  );

  const onSubmit = handleSubmit(async (data) => {
    if (edit.isPending) return;
    try {
      onSaved(await edit.mutateAsync({ id: person.id, edit: data }));
    } catch (failure) {
      const error = showErrors(failure);
      if (error?.status === 409) setError('email', { message: error.message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-stone-700">
        {kind === 'men'
          ? 'Marital status, church, age and address may be left empty while not known; he is then shown as Incomplete.'
          : 'Marital status, church, age and address may be left empty while not known.'}
      </p>
      <PersonFields {...fieldsProps} />
      <SaveActions failure={edit.error} onCancel={onClose} busy={edit.isPending} />
    </form>
  );
}
