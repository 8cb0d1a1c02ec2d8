import type { PublicEvent } from '../../../shared/events/event.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { type NoticeFacts, privacyNotice } from '../../../shared/privacy/standard-notice.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { Problem } from '../../http/problem.ts';
import { clientDist } from '../../paths.ts';
import { backgroundPlaceholder } from '../../storage/media.ts';
import {
  type EventRow,
  findCurrentEvent,
  findCurrentEventId,
  findCurrentPrivacyVersion,
  findEventById,
  listRacesWithTakenPlaces,
} from './repository.ts';

// What other features may use of the events feature (they never import its repository).
export type { EventSnapshot } from './current-event.ts';
export { findRace, listRacesWithTakenPlaces, lockRace } from './repository.ts';
export type { EventRow };

export async function getCurrentEvent(db: Database): Promise<EventRow> {
  const event = await findCurrentEvent(db);
  if (!event)
    throw new Problem(503, 'Service Unavailable', 'No event is set up yet. Please try again later.');
  return event;
}

/** An edition, current or archived, by its id; 404 when there is none. */
export async function getEdition(db: Database, id: string): Promise<EventRow> {
  const event = await findEventById(db, id);
  if (!event) throw new Problem(404, 'Not Found', 'There is no such edition.');
  return event;
}

export async function getCurrentEventId(db: Database): Promise<string> {
  const id = await findCurrentEventId(db);
  if (!id) throw new Problem(503, 'Service Unavailable', 'No event is set up yet. Please try again later.');
  return id;
}

/**
 * The version of the privacy notice a form shows now, which the record it makes keeps (null while no event
 * is set up: the programme's forms work without one).
 */
export async function currentPrivacyVersion(db: Database): Promise<number | null> {
  return (await findCurrentPrivacyVersion(db)) ?? null;
}

type NoticeSettings = Pick<
  EventRow,
  'privacyText' | 'contactPhone' | 'entryRetentionDays' | 'programmeRetentionDays'
>;

/** The facts the standard privacy notice is filled in with. */
export const noticeFactsOf = (event: NoticeSettings): NoticeFacts => ({
  contactPhone: formatPhone(event.contactPhone),
  entryRetentionDays: event.entryRetentionDays,
  programmeRetentionDays: event.programmeRetentionDays,
});

/** The privacy notice as /Privacy shows it for these settings. */
export const privacyNoticeOf = (event: NoticeSettings) =>
  privacyNotice(event.privacyText, noticeFactsOf(event));

export function isRegistrationOpen(event: EventRow, now = new Date()) {
  return event.registrationClosesAt === null || now < event.registrationClosesAt;
}

/** The event as the public pages show it (the photo's placeholder found beside the photo). */
export async function getPublicEvent({
  database: { db },
  mediaDir,
}: Pick<AppContext, 'database' | 'mediaDir'>): Promise<PublicEvent> {
  const event = await getCurrentEvent(db);
  const races = await listRacesWithTakenPlaces(db, event.id, { cappedOnly: true });
  return {
    year: event.year,
    title: event.title,
    subtitle: event.subtitle,
    greeting: event.greeting,
    contactPhone: event.contactPhone,
    backgroundImage: event.backgroundImage,
    backgroundPlaceholder: backgroundPlaceholder(mediaDir, clientDist, event.backgroundImage),
    backgroundAlt: event.backgroundAlt,
    logoImage: event.logoImage,
    termsText: event.termsText,
    termsVersion: event.termsVersion,
    privacyText: event.privacyText,
    privacyVersion: event.privacyVersion,
    entryRetentionDays: event.entryRetentionDays,
    programmeRetentionDays: event.programmeRetentionDays,
    registrationOpen: isRegistrationOpen(event),
    registrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
    eventDate: event.eventDate,
    venue: event.venue,
    payment: event.payment,
    tshirtSizes: event.tshirtSizes,
    phoneDisplay: Object.fromEntries(
      [event.contactPhone, event.payment.cashPhone, event.payment.mobileMoney.number].map((p) => [
        p,
        formatPhone(p),
      ]),
    ),
    races: races.map(({ race, taken, held }) => ({
      discipline: race.discipline,
      label: race.label,
      full: race.capacity !== null && Number(taken) + Number(held) >= race.capacity,
      feeUsd: race.feeUsd,
      feeZwg: race.feeZwg,
      startTime: race.startTime,
    })),
  };
}
