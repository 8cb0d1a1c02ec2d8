import { createHash } from 'node:crypto';
import { harareToday } from '../../../shared/dates.ts';
import type { Discipline, PublicEvent } from '../../../shared/events/event.ts';
import { zwgFeeOf } from '../../../shared/events/zwg-rate.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { type NoticeFacts, privacyNotice } from '../../../shared/privacy/standard-notice.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { badRequest, conflict, Problem } from '../../http/problem.ts';
import { clientDist } from '../../paths.ts';
import { backgroundPlaceholder } from '../../storage/media.ts';
import type { EventSnapshot } from './current-event.ts';
import {
  findCurrentEvent,
  findCurrentEventId,
  findCurrentPrivacyVersion,
  findEventById,
  findRace,
  listRacesWithTakenPlaces,
  lockRace,
} from './repository.ts';

export type { EventSnapshot };
// Until the participants' and waitlist's services use raceChosen and lockRaces (the lead's change): then delete.

/** An event as it is stored: its settings, terms and payment options. */
export type EventRow = NonNullable<Awaited<ReturnType<typeof findCurrentEvent>>>;

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

/**
 * Whether the event's day (Harare) has passed: from the next day on, an entry's private page is read-only and
 * the landing page is the after-the-race one. An archived edition is over whatever its date.
 */
export function isEventOver(event: Pick<EventRow, 'isCurrent' | 'eventDate'>, now = new Date()) {
  return !event.isCurrent || (event.eventDate !== null && harareToday(now) > event.eventDate);
}

export function isRegistrationOpen(event: EventRow, now = new Date()) {
  return event.registrationClosesAt === null || now < event.registrationClosesAt;
}

/** What the public is told while the edition is a draft, by the pages and by every route that would take an entry. */
export const REGISTRATION_OPENS_SOON = 'Registration opens soon.';

/** A draft edition takes no entry, place on the waitlist or payment from the public until an admin publishes it. */
export function assertPublished(event: Pick<EventRow, 'publishedAt'>) {
  if (event.publishedAt === null) throw conflict(REGISTRATION_OPENS_SOON, 'not_published');
}

/**
 * The event's races, each with its active entries (taken) and the places its waitlist holds (held).
 * `cappedOnly` counts only races with a capacity: the public pages need no more to mark a race full.
 */
export async function racesWithPlaces(db: Database, eventId: string, options: { cappedOnly?: boolean } = {}) {
  const races = await listRacesWithTakenPlaces(db, eventId, options);
  return races.map(({ race, taken, held }) => ({ race, taken: Number(taken), held: Number(held) }));
}

/** The event's race a form chose (its discipline and label); a form naming no such race is answered 400. */
export async function raceChosen(
  db: Database | Transaction,
  eventId: string,
  discipline: Discipline,
  label: string,
) {
  const race = await findRace(db, eventId, discipline, label);
  if (!race)
    throw badRequest('Please check the form.', [
      { path: 'raceType', message: 'Choose a race type from the list' },
    ]);
  return race;
}

/**
 * Locks these races' rows for the rest of the transaction, so capacity checks on them run one at a time;
 * always in the same order, so two transactions locking the same races never wait on each other.
 */
export async function lockRaces(tx: Transaction, raceIds: string[]) {
  for (const raceId of [...new Set(raceIds)].sort()) await lockRace(tx, raceId);
}

/** The event's own fields, as the public event and the admin's settings both give them (event-fields.ts). */
export const eventFieldsOf = (event: EventRow) => ({
  year: event.year,
  title: event.title,
  subtitle: event.subtitle,
  greeting: event.greeting,
  contactPhone: event.contactPhone,
  backgroundImage: event.backgroundImage,
  backgroundAlt: event.backgroundAlt,
  logoImage: event.logoImage,
  descriptionHtml: event.descriptionHtml,
  termsText: event.termsText,
  termsVersion: event.termsVersion,
  privacyText: event.privacyText,
  privacyVersion: event.privacyVersion,
  entryRetentionDays: event.entryRetentionDays,
  programmeRetentionDays: event.programmeRetentionDays,
  published: event.publishedAt !== null,
  registrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
  eventDate: event.eventDate,
  venue: event.venue,
  photosUrl: event.photosUrl,
  payment: event.payment,
  tshirtSizes: event.tshirtSizes,
});

/** The ways to pay online that the event offers now: none unless Paynow is on with its key set. */
export function onlinePaymentMethodsOf(event: Pick<EventRow, 'onlinePayment' | 'paynowKeyEncrypted'>) {
  const online = event.onlinePayment;
  return online?.enabled && event.paynowKeyEncrypted ? online.methods : [];
}

/** Whether the event sends text messages now: turned on, with the gateway's password set. */
export const textsOn = (event: Pick<EventRow, 'sms' | 'smsPasswordEncrypted'>) =>
  Boolean(event.sms?.enabled && event.smsPasswordEncrypted);

/** The public event as it is sent: the object, its JSON and that JSON's ETag, made once per copy of the event and per state of what the clock changes in it. */
export interface PublicEventView {
  event: PublicEvent;
  json: string;
  etag: string;
}

/** Views made from one copy of the event, by what the time of day changes in them (open, over). */
const views = new WeakMap<EventSnapshot, Map<string, PublicEventView>>();

/**
 * The event as the public pages show it (the photo's placeholder found beside the photo), from the copy in
 * memory (`CurrentEventCache.fresh`): no read of the database per request.
 */
export async function publicEventView(
  context: Pick<AppContext, 'currentEvent' | 'media' | 'env'>,
): Promise<PublicEventView> {
  const snapshot = await context.currentEvent.fresh();
  if (!snapshot)
    throw new Problem(503, 'Service Unavailable', 'No event is set up yet. Please try again later.');
  const { event } = snapshot;
  // A draft is never over: its date may still be last year's until the organisers set it.
  const raceOver = event.publishedAt !== null && isEventOver(event);
  const registrationOpen = event.publishedAt !== null && isRegistrationOpen(event) && !isEventOver(event);
  const key = `${raceOver} ${registrationOpen}`;
  let byTime = views.get(snapshot);
  if (!byTime) {
    byTime = new Map();
    views.set(snapshot, byTime);
  }
  let view = byTime.get(key);
  if (!view) {
    const placeholder = await backgroundPlaceholder(
      context.media,
      clientDist,
      snapshot.event.backgroundImage,
    );
    const made = publicEventOf(context, snapshot, { raceOver, registrationOpen, placeholder });
    const json = JSON.stringify(made);
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
    view = { event: made, json, etag };
    byTime.set(key, view);
  }
  return view;
}

/** The event as the public pages show it. */
export async function getPublicEvent(
  context: Pick<AppContext, 'currentEvent' | 'media' | 'env'>,
): Promise<PublicEvent> {
  return (await publicEventView(context)).event;
}

function publicEventOf(
  { env }: Pick<AppContext, 'env'>,
  { event, races, full }: EventSnapshot,
  {
    raceOver,
    registrationOpen,
    placeholder,
  }: { raceOver: boolean; registrationOpen: boolean; placeholder: string | null },
): PublicEvent {
  return {
    ...eventFieldsOf(event),
    backgroundPlaceholder: placeholder,
    raceOver,
    resultsPublished: event.resultsPublishedAt !== null,
    registrationOpen,
    testPayments: env.fakes.includes('PAYNOW_URL'),
    onlinePaymentMethods: onlinePaymentMethodsOf(event),
    smsOn: textsOn(event),
    giftsTo: event.giftsOpen ? event.causeTitle : null,
    phoneDisplay: Object.fromEntries(
      [event.contactPhone, event.payment.cashPhone, event.payment.mobileMoney.number].map((p) => [
        p,
        formatPhone(p),
      ]),
    ),
    races: races.map((race) => ({
      discipline: race.discipline,
      label: race.label,
      full: full.has(race.id),
      feeUsd: race.feeUsd,
      feeZwg: zwgFeeOf(race, event),
      startTime: race.startTime,
    })),
  };
}
