import { Link } from 'react-router';
import { CompanySignUpSchema, PASSWORD_RULE, SignUpSchema } from '../../../../shared/accounts/account.ts';
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-input.tsx';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { type AccountKind, useSignUp } from '../api/sign-up.ts';
import { linkClass } from './auth-page.tsx';
import { ResendVerification } from './resend-verification.tsx';

const COPY: Record<
  AccountKind,
  {
    nameLabel: string;
    nameHint?: string;
    emailLabel: string;
    emailHint?: string;
    submit: string;
    signInText: string;
    signInLink: string;
    signInTo: string;
  }
> = {
  participant: {
    nameLabel: 'Full name',
    emailLabel: 'Email',
    submit: 'Register',
    signInText: 'Already have an account?',
    signInLink: 'Sign In',
    signInTo: '/About',
  },
  // One account per team: its name is the company's, its email the team manager's, who signs in with it.
  company: {
    nameLabel: 'Company name',
    nameHint: 'As your staff and the organisers know it: it names your team’s entries and invoice.',
    emailLabel: 'Your email (team manager)',
    emailHint: 'You sign in with it, and the organisers write to you about the team.',
    submit: 'Sign Up',
    signInText: 'Your team already has an account?',
    signInLink: 'Login',
    signInTo: '/About?next=/WelcomeManager',
  },
};

const FIELDS = ['name', 'email', 'password'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(path);

/**
 * Creates a participant or company account; the page then asks the user to open the emailed link. `initialEmail`
 * fills the address in (a link from a mail), still to be checked and changed like any typed value.
 */
export function SignUpForm({ kind, initialEmail = '' }: { kind: AccountKind; initialEmail?: string }) {
  const copy = COPY[kind];
  const signUp = useSignUp(kind);
  const { field, handleSubmit, setError, getValues } = useZodForm(
    kind === 'company' ? CompanySignUpSchema : SignUpSchema,
    {
      // A field is checked when left, then on every change: an error shown above the button clears while the
      // value is corrected, so the button does not jump away from the pointer when it is clicked (onBlur did).
      mode: 'onTouched',
      reValidateMode: 'onChange',
      defaultValues: { name: '', email: initialEmail, password: '' },
    },
  );

  const onSubmit = handleSubmit(async (values) => {
    if (signUp.isPending) return;
    try {
      await signUp.mutateAsync(values);
    } catch (error) {
      showFieldErrors(error, setError, isField);
    }
  });

  if (signUp.isSuccess) {
    const email = getValues('email').trim();
    return (
      <>
        <FormSuccess>
          <p className="text-lg font-semibold">{signUp.data.message}</p>
          <p className="mt-1">
            We sent it to <strong className="break-words">{email}</strong>. The link confirms your address and
            signs you in.
          </p>
        </FormSuccess>
        <p className="text-stone-700">No email after a few minutes? Check your spam folder, or:</p>
        <ResendVerification email={email} />
        <p className="text-stone-700">
          Already confirmed?{' '}
          <Link to={copy.signInTo} className={linkClass}>
            {copy.signInLink}
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={copy.nameLabel}
          {...(copy.nameHint ? { hint: copy.nameHint } : {})}
          {...field('name')}
          autoComplete={kind === 'company' ? 'organization' : 'name'}
        />
        <EmailField
          label={copy.emailLabel}
          {...(copy.emailHint ? { hint: copy.emailHint } : {})}
          {...field('email')}
        />
        <PasswordField
          label="Password"
          hint={PASSWORD_RULE}
          {...field('password')}
          autoComplete="new-password"
        />
        <PrivacyNoticeLink />
        {signUp.isError && <FormAlert>{errorText(signUp.error)}</FormAlert>}
        <Button type="submit" disabled={signUp.isPending} className="w-full">
          {signUp.isPending ? 'Creating your account…' : copy.submit}
        </Button>
      </form>
      <p className="text-stone-700">
        {copy.signInText}{' '}
        <Link to={copy.signInTo} className={linkClass}>
          {copy.signInLink}
        </Link>
      </p>
    </>
  );
}
