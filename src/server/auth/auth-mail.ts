import { greeting } from '../../shared/shown-name.ts';
import type { OutgoingMail } from '../mail/repository.ts';

interface Recipient {
  name: string;
  email: string;
}

export function verificationMail(user: Recipient, url: string): OutgoingMail {
  return {
    to: user.email,
    subject: 'Confirm your email for Celebration',
    text: [
      `${greeting(user.name, 'Dear')},`,
      '',
      'Please confirm your email address by opening this link:',
      url,
      '',
      'The link signs you in. If you did not create an account, ignore this message.',
    ].join('\n'),
  };
}

export function resetPasswordMail(user: Recipient, url: string): OutgoingMail {
  return {
    to: user.email,
    subject: 'Reset your Celebration password',
    text: [
      `${greeting(user.name, 'Dear')},`,
      '',
      'To choose a new password, open this link within the next hour:',
      url,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function existingAccountMail(user: Recipient, signInUrl: string): OutgoingMail {
  return {
    to: user.email,
    subject: 'You already have a Celebration account',
    text: [
      `${greeting(user.name, 'Dear')},`,
      '',
      'Someone (perhaps you) tried to create a new account with this email address, which already has one.',
      `Sign in at ${signInUrl} — or use "Forgot password?" there if you no longer know your password.`,
    ].join('\n'),
  };
}
