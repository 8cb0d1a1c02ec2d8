import { greeting } from '../../shared/shown-name.ts';
import type { OutgoingMail } from '../mail/repository.ts';

interface Recipient {
  name: string;
  email: string;
}

/** A mail to an account holder: greeted by name, then the lines given. */
const toAccount = (user: Recipient, subject: string, lines: string[]): OutgoingMail => ({
  to: user.email,
  subject,
  text: [`${greeting(user.name, 'Dear')},`, '', ...lines].join('\n'),
});

export const verificationMail = (user: Recipient, url: string) =>
  toAccount(user, 'Confirm your email for Celebration', [
    'Please confirm your email address by opening this link:',
    url,
    '',
    'The link signs you in. If you did not create an account, ignore this message.',
  ]);

export const resetPasswordMail = (user: Recipient, url: string) =>
  toAccount(user, 'Reset your Celebration password', [
    'To choose a new password, open this link within the next hour:',
    url,
    '',
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ]);

export const existingAccountMail = (user: Recipient, signInUrl: string) =>
  toAccount(user, 'You already have a Celebration account', [
    'Someone (perhaps you) tried to create a new account with this email address, which already has one.',
    `Sign in at ${signInUrl} — or use "Forgot password?" there if you no longer know your password.`,
  ]);

/** An admin made an account for this person with a role: the link chooses its password and signs in. */
export const invitationMail = (
  user: Recipient,
  {
    url,
    role,
    by,
    days,
    signInUrl,
  }: { url: string; role: string; by: string; days: number; signInUrl: string },
) =>
  toAccount(user, 'You are invited to Celebration', [
    `${by} has made you a Celebration account as ${role}.`,
    '',
    `To choose your password and sign in, open this link within the next ${days} days:`,
    url,
    '',
    `After that, sign in at ${signInUrl}. If the link has expired, ask the organisers to send the invitation again.`,
    'If you did not expect this, ignore this message, or tell the organisers.',
  ]);
