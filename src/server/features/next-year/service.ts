import type * as z from 'zod/mini';
import { formatEventDay } from '../../../shared/events/event-facts.ts';
import { NEXT_YEAR_KEPT_MONTHS, type NextYearSignupSchema } from '../../../shared/events/next-year.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { type EventRow, getCurrentEventId } from '../events/service.ts';
import { deleteSignupsBefore, insertSignup, takeSignupsBefore } from './repository.ts';

/**
 * Adds the address to the list mailed when the next edition is published, for the current edition. Insert
 * only, and the caller answers the same whether or not the address was there: nothing is read back.
 */
export async function signUpForNextYear(
  { database: { db } }: AppContext,
  { email }: z.output<typeof NextYearSignupSchema>,
) {
  await insertSignup(db, { email, eventId: await getCurrentEventId(db) });
}

/**
 * Inside the publishing transaction: one mail to each address given for an earlier edition, through the
 * outbox, and the list emptied (each address was given for this one mail). Answers how many mails were queued;
 * the caller kicks the mailer after commit.
 */
export async function mailNextYearList(
  tx: Database,
  event: Pick<EventRow, 'id' | 'title' | 'year' | 'eventDate' | 'venue'>,
  site: string,
) {
  const taken = await takeSignupsBefore(tx, event.id);
  const addresses = new Map(taken.map(({ email }) => [email.toLowerCase(), email]));
  const when = [
    event.eventDate ? `on ${formatEventDay(event.eventDate)}` : '',
    event.venue ? `at ${event.venue}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const text = [
    'Hello,',
    '',
    `You asked us to tell you about next year's fun run: the ${event.title} ${event.year}${when ? ` takes place ${when}` : ''}, and registration is open.`,
    '',
    `Register at ${site}/`,
    '',
    'This is the one mail you asked for: we have deleted your address from the list, and will not write again unless you register.',
  ].join('\n');
  for (const to of addresses.values()) {
    await enqueueMail(tx, {
      to,
      kind: 'next-year',
      subject: `${event.title} ${event.year}: registration is open`,
      text,
    });
  }
  return addresses.size;
}

/** The retention run's part: addresses kept longer than NEXT_YEAR_KEPT_MONTHS are deleted, mailed or not. */
export async function purgeOldNextYearSignups(tx: Database, now = new Date()) {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - NEXT_YEAR_KEPT_MONTHS);
  return deleteSignupsBefore(tx, since);
}
