import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import {
  type Person,
  type PersonEdit,
  PersonEditSchema,
  type PersonKind,
} from '../../../../shared/people/people.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions, DialogError } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useEditPerson } from '../api/change-person.ts';
import { BE_THAT_MAN_FIELDS, PersonFields } from './person-fields.tsx';

type Values = Record<string, string>;

/** May be left empty: a man's record is then incomplete (the quick form and sign-up leave them empty). */
const OPTIONAL = ['maritalStatus', 'church', 'age', 'address'] as const;

const valuesOf = (person: Person): Values => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  mobile: person.mobile ? formatPhone(person.mobile) : '',
  maritalStatus: person.maritalStatus ?? '',
  church: person.church ?? '',
  age: person.age === null ? '' : String(person.age),
  address: person.address ?? '',
});

/** The edit contract says null for "not given"; the form's empty text means the same. */
const resolver: Resolver<Values, unknown, PersonEdit> = (values, context, options) => {
  const given: Record<string, unknown> = { ...values };
  for (const name of OPTIONAL) if (!values[name]?.trim()) given[name] = null;
  return zodResolver(PersonEditSchema as never)(given as never, context, options as never) as never;
};

/** Manage: one man's (or facilitator's) own details, saved for him alone. */
export function PersonEditDialog({
  kind,
  person,
  onClose,
  onSaved,
}: {
  kind: PersonKind;
  person: Person | undefined;
  onClose: () => void;
  onSaved: (saved: Person) => void;
}) {
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return (
    <Dialog open={person !== undefined} title={`Manage ${name}`} onClose={onClose} size="lg">
      {/* A new form for each person: his values, no leftovers from the last one. */}
      {person && <EditForm key={person.id} kind={kind} person={person} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, PersonEdit>({
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: valuesOf(person),
  });

  const onSubmit = handleSubmit(async (data) => {
    if (edit.isPending) return;
    try {
      onSaved(await edit.mutateAsync({ id: person.id, edit: data }));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const fieldError of error.errors) {
        if (BE_THAT_MAN_FIELDS.some((field) => field.name === fieldError.path)) {
          setError(fieldError.path, { message: fieldError.message });
        }
      }
      if (error.status === 409) setError('email', { message: error.message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-stone-700">
        {kind === 'men'
          ? 'Marital status, church, age and address may be left empty while not known; he is then shown as Incomplete.'
          : 'Marital status, church, age and address may be left empty while not known.'}
      </p>
      <PersonFields fields={BE_THAT_MAN_FIELDS} register={register} errors={errors} optional={OPTIONAL} />
      {edit.isError && <DialogError>{errorText(edit.error)}</DialogError>}
      <DialogActions>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClass} disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </button>
      </DialogActions>
    </form>
  );
}
