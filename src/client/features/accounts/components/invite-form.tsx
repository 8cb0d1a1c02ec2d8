import {
  INVITATION_VALID_DAYS,
  INVITED_ROLES,
  InvitationSchema,
  ROLE_LABELS,
} from '../../../../shared/accounts/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useInvite } from '../api/accounts.ts';

const FIELDS = ['name', 'email', 'role'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(path);

/**
 * "Invite someone": an admin makes a volunteer's or an admin's account, and the server mails the link to choose
 * a password. Facilitators join through their application (/RegisteredFacilitator), men and companies sign up.
 */
export function InviteForm({ onInvited }: { onInvited: (text: string) => void }) {
  const invite = useInvite();
  const { field, handleSubmit, setError, reset } = useZodForm(InvitationSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', role: 'volunteer' as (typeof INVITED_ROLES)[number] },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (invite.isPending) return;
    try {
      const account = await invite.mutateAsync(values);
      reset();
      onInvited(
        `${account.name} is invited as ${ROLE_LABELS[account.role]}: the link to choose a password is on its way to ${account.email} and works for ${INVITATION_VALID_DAYS} days.`,
      );
    } catch (error) {
      showFieldErrors(error, setError, isField);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">
        Volunteers and admins get their account from you: it has its role at once, and they choose their own
        password with the link we email them. Facilitators join by applying; men and companies sign up
        themselves.
      </p>
      <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
        <TextField label="Full name" autoComplete="off" {...field('name')} />
        <EmailField autoComplete="off" {...field('email')} />
        <SelectField label="Role" {...field('role')}>
          {INVITED_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
      </div>
      {invite.isError && <FormAlert>{errorText(invite.error)}</FormAlert>}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
