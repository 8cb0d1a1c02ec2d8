import { harareToday } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import type { ParticipantEditData } from '../../../shared/participants/participants.ts';
import type { MyEntry } from '../../../shared/registrations/my-registration.ts';
import { shownFirstName } from '../../../shared/shown-name.ts';
import type { AppContext } from '../../context.ts';
import { notFound, Problem } from '../../http/problem.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { qrSvg } from '../../qr-code.ts';
import { pendingEmailChange } from '../email-changes/service.ts';
import { type EventRow, getCurrentEvent, isRegistrationOpen } from '../events/service.ts';
import { cancelEntry, editEntry, participantDetail, tshirtChangeable } from '../participants/service.ts';
import {
  entryLinkDigest,
  keepEntryLinks,
  newEntryLink,
  resendConfirmationOf,
} from '../registrations/service.ts';
import { activeEntriesOfEmail, findEntryByLink } from './repository.ts';

const NO_SUCH_LINK =
  'This link does not open an entry: it may be incomplete, or the fun run is over. You can ask for your links again.';

/** "Valid until the event is over": the event is the current one, and its day (Harare) has not passed. */
const isOver = (event: EventRow, now = new Date()) =>
  !event.isCurrent || (event.eventDate !== null && harareToday(now) > event.eventDate);

/** The entry a private link opens while its event is not over; the same 404 for every other token. */
export async function entryOfLink({ database }: AppContext, token: string) {
  const entry = await findEntryByLink(database.db, entryLinkDigest(token));
  const event = await getCurrentEvent(database.db);
  if (!entry || entry.eventId !== event.id || isOver(event)) throw notFound(NO_SUCH_LINK);
  return { ...entry, event };
}

/** Whether a private link opens an entry now (its page answers 404 when not). */
export async function linkOpensEntry(context: AppContext, token: string) {
  try {
    await entryOfLink(context, token);
    return true;
  } catch (error) {
    if (error instanceof Problem && error.status === 404) return false;
    throw error;
  }
}

/** The entry's check-in QR code, as an SVG; a cancelled entry has none. */
export async function myCheckInQr(context: AppContext, token: string) {
  const entry = await entryOfLink(context, token);
  if (entry.status !== 'active') throw notFound('A cancelled entry has no check-in code.');
  return qrSvg(entry.checkInCode);
}

export async function myEntry(context: AppContext, token: string): Promise<MyEntry> {
  const { id, event } = await entryOfLink(context, token);
  const [entry, emailPending] = await Promise.all([
    participantDetail(context, id),
    pendingEmailChange(context.database.db, id),
  ]);
  return {
    reference: entry.reference,
    bib: entry.bib,
    discipline: entry.discipline,
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    mobile: entry.mobile,
    nextOfKinMobile: entry.nextOfKinMobile,
    guardianName: entry.guardianName,
    guardianMobile: entry.guardianMobile,
    guardianConsentedAt: entry.guardianConsentedAt,
    age: entry.age,
    gender: entry.gender,
    raceType: entry.raceType,
    tshirtSize: entry.tshirtSize,
    listedInSearch: entry.listedInSearch,
    paymentStatus: entry.paymentStatus,
    payment: { amount: entry.payment.amount, currency: entry.payment.currency },
    fees: entry.fees,
    status: entry.status,
    tshirtChangesUntil: event.tshirtChangesUntil,
    tshirtChangeable: tshirtChangeable(event),
    raceChangeable: isRegistrationOpen(event),
    emailPending,
  };
}

/** The entrant's correction, with the public form's rules and the entrant's own (see ChangedBy). */
export async function changeMyEntry(context: AppContext, token: string, change: ParticipantEditData) {
  const { id } = await entryOfLink(context, token);
  await editEntry(context, id, change, { entrant: true });
  return myEntry(context, token);
}

export async function cancelMyEntry(context: AppContext, token: string) {
  const { id } = await entryOfLink(context, token);
  // The freed place is offered to the race's waitlist in the same transaction.
  await cancelEntry(context, id, { entrant: true });
  return myEntry(context, token);
}

/** Says whether the confirmation went (it goes again at most once per few minutes). */
export async function resendMyConfirmation(context: AppContext, token: string) {
  const { id } = await entryOfLink(context, token);
  return resendConfirmationOf(context, id, context.links.privateLink('My', token));
}

/**
 * "CFR25-0042: Rudo, Run 10km". Anyone may register under any address, so of the name typed only what may be
 * shown to others appears.
 */
function linkLine(entry: { reference: string; firstName: string; discipline: Discipline; raceType: string }) {
  const race = `${DISCIPLINE_LABELS[entry.discipline]} ${entry.raceType}`;
  const name = shownFirstName(entry.firstName);
  return `${entry.reference}: ${name ? `${name}, ${race}` : race}`;
}

/**
 * Mails a new link for each of the address's entries in the current event (nothing when it has none, or
 * the event is over): the caller answers the same either way. The links are kept only if the mail goes.
 */
export async function mailMyLinks({ database, mailer, links }: AppContext, email: string) {
  const { db } = database;
  const event = await getCurrentEvent(db);
  if (isOver(event)) return;
  const entries = await activeEntriesOfEmail(db, event.id, email);
  if (entries.length === 0) return;
  const mailed = entries.map((entry) => ({ entry, link: newEntryLink(links) }));
  const text = [
    'Hello,',
    '',
    `Someone asked for the private links of the entries under this address for the ${event.title} ${event.year}.`,
    'Each link opens one entry: see it, change it or cancel it. Keep them to yourself.',
    '',
    ...mailed.flatMap(({ entry, link }) => [linkLine(entry), link.url, '']),
    'If you did not ask for them, you can ignore this mail: the links were sent only to you.',
  ].join('\n');
  const queued = await db.transaction(async (tx) => {
    const sent = await enqueueMail(tx, {
      to: email,
      kind: 'my-links',
      subject: `${event.title}: your registration links`,
      text,
      publicAction: true,
    });
    if (sent)
      await keepEntryLinks(
        tx,
        mailed.map(({ entry, link }) => ({ entryId: entry.id, digest: link.digest })),
      );
    return sent;
  });
  if (queued) mailer.kick();
}
