import { formatEventDay } from '../../../shared/events/event-facts.ts';
import { type FirstSession, signUpPath } from '../../../shared/people/people.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { Links } from '../../links.ts';
import type { OutgoingMail } from '../../mail/repository.ts';

/** What a newly registered man is told: what happens next, his first session, and how to open his dashboard. */
export function welcomeMail(
  links: Links,
  man: { firstName: string; email: string },
  firstSession: FirstSession | null,
): OutgoingMail {
  const site = links.site;
  return {
    to: man.email,
    subject: 'Welcome to the Real Man programme',
    text: [
      `${greeting(man.firstName, 'Dear')},`,
      '',
      'Welcome to the movement! You are registered in the Celebration men’s programme, Real Man.',
      '',
      'Create your account with this email address to see your dashboard: your sessions, assignments and checklist.',
      `${site}${signUpPath(man.email)}`,
      '',
      'What happens next:',
      firstSession
        ? `- Your first session: ${firstSession.name} on ${formatEventDay(firstSession.heldOn)}${
            firstSession.startTime ? ` at ${firstSession.startTime} (Harare time)` : ''
          }${firstSession.place ? `, ${firstSession.place}` : ''}.`
        : '- The dates of the sessions will follow.',
      '- Eight monthly workout sessions, two books with an assignment each, a cell group led by a facilitator, and a welcome checklist towards graduation.',
      '',
      // No full stop after the address: some mail programs would take it into the link.
      `Already have an account? Sign in at ${site}/About`,
    ].join('\n'),
  };
}
