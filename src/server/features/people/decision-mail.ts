import { signUpPath } from '../../../shared/people/people.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { Links } from '../../links.ts';
import type { OutgoingMail } from '../../mail/repository.ts';

/** Where an approved facilitator stands with his account: it decides what he is asked to do next. */
export type AccountState = 'verified' | 'unverified' | 'none';

/** The programme office's answer to a facilitator: approved (told how to open the facilitator pages) or declined. */
export function decisionMail(
  links: Links,
  person: { firstName: string; email: string },
  decision: 'approved' | 'declined',
  account: AccountState,
): OutgoingMail {
  const site = links.site;
  const dear = [`${greeting(person.firstName, 'Dear')},`, ''];
  if (decision === 'declined') {
    return {
      to: person.email,
      subject: 'Your application to be a Celebration facilitator',
      text: [
        ...dear,
        'Thank you for applying to lead a cell group in the men’s programme. The programme office has reviewed your application and will not take it further this time.',
        '',
        'If you have a question, please contact the programme office.',
      ].join('\n'),
    };
  }
  const next: Record<AccountState, string[]> = {
    verified: [
      `Sign in at ${site}/About with this email address: your account now opens the facilitator pages. If you were signed in, please sign in again.`,
    ],
    unverified: [
      'Confirm your email address with the link we sent when you created your account, then sign in: your account will open the facilitator pages.',
      `No link, or has it expired? Sign in at ${site}/About and ask for a new one.`,
    ],
    none: [
      'Create your account with this email address — it will open the facilitator pages:',
      `${site}${signUpPath(person.email)}`,
    ],
  };
  return {
    to: person.email,
    subject: 'You are now a Celebration facilitator',
    text: [
      ...dear,
      'The programme office has approved you as a facilitator of the men’s programme.',
      '',
      ...next[account],
    ].join('\n'),
  };
}
