import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { guardianOf, isMinor } from '../../../shared/registrations/guardian.ts';
import type { RegistrationData } from '../../../shared/registrations/registration.ts';
import type {
  Waitlist,
  WaitlistOffer,
  WaitlistReceipt,
  WaitlistRow,
} from '../../../shared/waitlist/waitlist.ts';
import type { AppContext } from '../../context.ts';
import type { RunStatement } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound, Problem } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { queueMailOn, queuePublicActionMail } from '../../mail/repository.ts';
import { repeatWhileListening } from '../../repeat.ts';
import { newShortCode, wantsMail } from '../../sms/entrant-sms.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { refuseLandline } from '../../sms/mobile-only.ts';
import {
  assertPublished,
  type EventRow,
  getCurrentEvent,
  isRegistrationOpen,
  raceChosen,
  textsOn,
} from '../events/service.ts';
import {
  alreadyRegisteredProblem,
  createRegistration,
  EMAIL_NEEDED,
  entryLinkDigest,
  isRaceFull,
  isRegistered,
  RACE_FULL,
  REGISTRATION_CLOSED,
  type RegisterResult,
  register,
  requestDigest,
  textEntrant,
  unreachable,
} from '../registrations/service.ts';
import { JOINED_KIND, joinedMail, OFFER_KIND, OFFER_LAPSED_KIND, offerMail } from './mails.ts';
import {
  type EntryRow,
  entryById,
  entryByKey,
  entryByOffer,
  expireOverdueOffers,
  insertEntry,
  type LockedRace,
  listWaitlist,
  lockEntry,
  lockRace,
  markOffered,
  nextWaiting,
  offerFromNow,
  placesOf,
  type QueueRow,
  racesToSettle,
  setStatus,
} from './repository.ts';

const NO_SUCH_OFFER =
  'This link does not open an offer: it may be incomplete. Please use the link in your most recent email.';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const raceName = (race: LockedRace) => `${DISCIPLINE_LABELS[race.discipline]} ${race.label}`;

/** An offer's token is a short code, so its mail and its text (/m/<code>) carry the same link. */
async function makeOffer(run: RunStatement, race: LockedRace, who: QueueRow, links: Links) {
  const code = newShortCode();
  const expiresAt = await markOffered(run, who.id, entryLinkDigest(code), race.offerHours);
  if (!expiresAt) return;
  const texted = await textEntrant(run, links, who, {
    eventId: race.eventId,
    waitlistId: who.id,
    kind: OFFER_KIND,
    title: race.title,
    text: ENTRANT_TEXTS.offer({ race: raceName(race), expiresAt }),
    code,
    // Whoever gave no email hears of his offer by text alone: it goes even at the cap.
    essential: who.email === null,
  });
  const { email } = who;
  if (email !== null && wantsMail(who.notifyBy, texted)) {
    await queueMailOn(run, offerMail(race, { ...who, email }, links.privateLink('Offer', code), expiresAt));
  }
}

/** Whoever wants texts hears that his offer lapsed (by mail he only ever heard of the offer). */
async function tellLapsed(
  run: RunStatement,
  race: LockedRace,
  lapsed: Awaited<ReturnType<typeof expireOverdueOffers>>,
  links: Links,
) {
  for (const who of lapsed) {
    await textEntrant(run, links, who, {
      eventId: race.eventId,
      waitlistId: who.id,
      kind: OFFER_LAPSED_KIND,
      title: race.title,
      text: ENTRANT_TEXTS.offerLapsed({ race: raceName(race), reference: who.reference }),
    });
  }
}

/**
 * Inside the transaction that freed places (or may have): offers the race's free places to the first ones
 * waiting. Overdue offers lapse first; outstanding ones still hold their place. Under the race's lock, so
 * two servers never offer the same place. Says how many offers went (the caller kicks the mailer).
 */
export async function offerFreedPlaces(run: RunStatement, raceId: string, links: Links) {
  const race = await lockRace(run, raceId);
  if (!race) return 0;
  await tellLapsed(run, race, await expireOverdueOffers(run, raceId), links);
  const places = await placesOf(run, raceId);
  if (places.waiting === 0) return 0;
  const free = race.capacity === null ? places.waiting : race.capacity - places.active - places.offered;
  if (free <= 0) return 0;
  const next = await nextWaiting(run, raceId, free);
  for (const who of next) await makeOffer(run, race, who, links);
  return next.length;
}

/** A waitlist offer's text reached the gateway: the offer holds for its full time from now. */
export async function offerTextWent({ database }: AppContext, waitlistId: string) {
  await database.transaction((run) => offerFromNow(run, waitlistId));
}

/** Lapsed offers pass on, and free places go to those waiting: what the job does every minute. */
export async function settleRace({ database, links, mailer }: AppContext, raceId: string) {
  const offered = await database.transaction((run) => offerFreedPlaces(run, raceId, links));
  if (offered > 0) mailer.kick();
}

export async function settleAllRaces(context: AppContext) {
  for (const raceId of await racesToSettle(context.database.run)) await settleRace(context, raceId);
}

/** Runs the settling every minute, one run at a time; stopped with the server. */
export function startOfferExpiry(context: AppContext, onError: (error: unknown) => void) {
  return repeatWhileListening(() => settleAllRaces(context), onError, { everyMs: 60_000 });
}

const receiptOf = (entry: EntryRow): WaitlistReceipt => ({
  onWaitlist: true,
  reference: entry.reference,
  discipline: entry.discipline,
  raceType: entry.raceType,
  position: entry.position ?? 0,
});

export type JoinResult = { waitlist: WaitlistReceipt } | { registration: RegisterResult };

/**
 * Asks for a place in a race: on its waitlist while the race is full to newcomers (entries, outstanding
 * offers and people already waiting fill it), otherwise registered at once as by the public form.
 */
export async function joinWaitlist(
  context: AppContext,
  input: RegistrationData,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<JoinResult> {
  const { database, mailer } = context;
  const { db } = database;
  refuseLandline(input.mobile);
  const digest = requestDigest(input, undefined);
  const earlier = async () => {
    const found = idempotencyKey ? await entryByKey(database.run, idempotencyKey) : undefined;
    if (found && found.requestDigest !== digest) {
      throw new Problem(422, 'Unprocessable Content', 'This key was already used for a different request.');
    }
    return found && { waitlist: receiptOf(found) };
  };
  const answered = await earlier();
  if (answered) return answered;

  const event = await getCurrentEvent(db);
  assertPublished(event);
  if (!isRegistrationOpen(event)) throw conflict(REGISTRATION_CLOSED);
  const race = await raceChosen(db, event.id, input.discipline, input.raceType);
  if (!event.tshirtSizes[input.discipline].includes(input.tshirtSize)) {
    throw badRequest('Please check the form.', [
      { path: 'tshirtSize', message: 'Choose a T-shirt size from the list' },
    ]);
  }
  if (unreachable(input, event)) throw badRequest('Please check the form.', [EMAIL_NEEDED]);
  if (await isRegistered(db, { eventId: event.id, ...input })) {
    throw conflict(
      `You are already registered as a ${input.discipline === 'run' ? 'runner' : 'cyclist'} with this name and email: you need no place on the waitlist.`,
    );
  }

  // The race may fill between the look and the registration: then he waits after all (twice at most).
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let joined: EntryRow | 'room' | 'duplicate';
    try {
      joined = await database.transaction(async (run) => {
        const locked = await lockRace(run, race.id);
        if (!locked) throw conflict('This race is no longer offered. Please reload the form.');
        const places = await placesOf(run, race.id);
        if (locked.capacity === null || places.active + places.offered + places.waiting < locked.capacity)
          return 'room';
        return (
          (await putOnWaitlist(run, context.links, event, locked, input, {
            idempotencyKey: idempotencyKey ?? null,
            requestDigest: digest,
          })) ?? 'duplicate'
        );
      });
    } catch (error) {
      if (uniqueViolation(error) === 'waitlist_same_person') {
        throw conflict(
          `You are already on the waitlist for the ${input.discipline === 'run' ? 'run' : 'ride'} with this name and email: we will email you when a place frees.`,
        );
      }
      throw error;
    }
    if (joined === 'duplicate') {
      const found = await earlier();
      if (found) return found;
      throw new Error('the insert was skipped but no waitlist entry has its Idempotency-Key');
    }
    if (joined !== 'room') {
      mailer.kick();
      return { waitlist: receiptOf(joined) };
    }
    try {
      return { registration: await register(context, input, { idempotencyKey }) };
    } catch (error) {
      if (!isRaceFull(error)) throw error;
    }
  }
  throw conflict(`${RACE_FULL}. Please try again.`);
}

/**
 * Puts a person on a full race's waitlist inside the caller's transaction, which locked the race (lockRace) and
 * found it full to newcomers, with the joined text and mail; undefined when the Idempotency-Key was used already.
 */
async function putOnWaitlist(
  run: RunStatement,
  links: Links,
  event: EventRow,
  locked: LockedRace,
  input: RegistrationData,
  { idempotencyKey, requestDigest }: { idempotencyKey: string | null; requestDigest: string | null },
): Promise<EntryRow | undefined> {
  const id = await insertEntry(
    run,
    {
      eventId: event.id,
      discipline: input.discipline,
      raceOptionId: locked.id,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      mobile: input.mobile,
      nextOfKinMobile: input.nextOfKinMobile,
      age: input.age,
      gender: input.gender ?? null,
      tshirtSize: input.tshirtSize,
      termsVersion: event.termsVersion,
      privacyVersion: event.privacyVersion,
      ...guardianOf(input, new Date()),
      listedInSearch: input.listedInSearch ?? false,
      notifyBy: input.notifyBy ?? (textsOn(event) ? 'both' : 'email'),
      idempotencyKey,
      requestDigest,
    },
    event.referencePrefix,
  );
  if (!id) return undefined;
  const entry = await entryById(run, id);
  if (!entry) throw new Error('the waitlist entry just written is gone');
  const texted = await textEntrant(run, links, entry, {
    eventId: event.id,
    waitlistId: entry.id,
    kind: JOINED_KIND,
    publicAction: true,
    title: event.title,
    text: ENTRANT_TEXTS.waitlistJoined({
      reference: entry.reference,
      race: raceName(locked),
      position: entry.position ?? 0,
    }),
  });
  // Anyone may join with any address: the mail is within the public actions' limit per address.
  const { email } = entry;
  if (email !== null && wantsMail(entry.notifyBy, texted)) {
    await queuePublicActionMail(run, joinedMail(locked, { ...entry, email }, entry.position ?? 0));
  }
  return entry;
}

/**
 * A group form's member whose race is full ("Register the others now and put <name> on the waitlist"), inside
 * the group's transaction: on the race's waitlist, outside the group (he pays alone if he accepts an offer).
 */
export async function waitInGroupTransaction(
  run: RunStatement,
  links: Links,
  event: EventRow,
  raceId: string,
  input: RegistrationData,
  /** The group's key with the person's place on the form, so that a retried form finds him again. */
  idempotencyKey: string | null,
): Promise<{ reference: string; raceType: string }> {
  const locked = await lockRace(run, raceId);
  if (!locked) throw conflict('This race is no longer offered. Please reload the form.');
  const entry = await putOnWaitlist(run, links, event, locked, input, {
    idempotencyKey,
    requestDigest: null,
  });
  if (!entry) throw new Error('the group form was answered already, yet its waitlist place was not');
  return { reference: entry.reference, raceType: entry.raceType };
}

const offerDigest = (token: string) => entryLinkDigest(token);

function toOffer(entry: EntryRow, myLink?: string): WaitlistOffer {
  return {
    reference: entry.reference,
    firstName: entry.firstName,
    lastName: entry.lastName,
    discipline: entry.discipline,
    raceType: entry.raceType,
    status: entry.status,
    offerExpiresAt: iso(entry.offerExpiresAt),
    registration: entry.registrationReference
      ? { reference: entry.registrationReference, ...(myLink ? { myLink } : {}) }
      : null,
  };
}

/** The entry an offer's link opens, after its race's lapsed offers have passed on. */
async function entryOfOffer(context: AppContext, token: string) {
  const found = token ? await entryByOffer(context.database.run, offerDigest(token)) : undefined;
  if (!found) throw notFound(NO_SUCH_OFFER);
  await settleRace(context, found.raceOptionId);
  const entry = await entryById(context.database.run, found.id);
  if (!entry) throw notFound(NO_SUCH_OFFER);
  return entry;
}

/** Whether a token (a text message's short code) is an offer's: /m/<code> then opens /Offer/<code>. */
export async function isOfferToken(context: AppContext, token: string) {
  return Boolean(await entryByOffer(context.database.run, offerDigest(token)));
}

export async function offerOf(context: AppContext, token: string): Promise<WaitlistOffer> {
  return toOffer(await entryOfOffer(context, token));
}

function notOpenOffer(entry: EntryRow) {
  switch (entry.status) {
    case 'expired':
      return conflict('This offer has expired: the place went to the next person waiting.');
    case 'removed':
      return conflict('This offer was declined or withdrawn: the place went to the next person waiting.');
    default:
      return conflict('This offer is no longer open.');
  }
}

/** The event changed while the place was being taken: read it again. */
class OutdatedEvent extends Error {}

/**
 * Takes the offered place: under the race's lock, while the race still has a place (offers may outnumber
 * places, never entries), the waitlist row becomes a registration made by the registrations' own code.
 * Accepting again answers the same entry.
 */
export async function acceptOffer(context: AppContext, token: string): Promise<WaitlistOffer> {
  const entry = await entryOfOffer(context, token);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const event = await getCurrentEvent(context.database.db);
    try {
      const myLink = await context.database.transaction(async (run) => {
        const race = await lockRace(run, entry.raceOptionId);
        await lockEntry(run, entry.id);
        const current = await entryById(run, entry.id);
        if (!race || !current) throw notFound(NO_SUCH_OFFER);
        if (current.status === 'registered') return undefined;
        const lapsed = current.offerExpiresAt !== null && new Date(current.offerExpiresAt) <= new Date();
        if (current.status !== 'offered' || lapsed) throw notOpenOffer({ ...current, status: 'expired' });
        const { active } = await placesOf(run, race.id);
        if (race.capacity !== null && active >= race.capacity) {
          throw conflict(
            `Sorry: every place in ${race.label} has been taken meanwhile. You keep your offer until it expires, in case a place frees; or contact the organisers.`,
          );
        }
        const created = await createRegistration(run, event, {
          race,
          input: current,
          idempotencyKey: `waitlist-${current.id}`,
          links: context.links,
        });
        if (created === 'outdated-event') throw new OutdatedEvent();
        await setStatus(run, current.id, 'registered', created.id);
        return created.myLink;
      });
      context.mailer.kick();
      const accepted = await entryById(context.database.run, entry.id);
      if (!accepted) throw notFound(NO_SUCH_OFFER);
      return toOffer(accepted, myLink);
    } catch (error) {
      if (error instanceof OutdatedEvent) continue;
      if (uniqueViolation(error) === 'registrations_same_person') {
        throw alreadyRegisteredProblem(entry.discipline, { confirmationResent: false });
      }
      throw error;
    }
  }
  throw new Problem(503, 'Service Unavailable', 'The event is being updated. Please try again.');
}

/** "I don't need it": the place passes to the next one waiting at once. */
export async function declineOffer(context: AppContext, token: string): Promise<WaitlistOffer> {
  const entry = await entryOfOffer(context, token);
  await context.database.transaction(async (run) => {
    await lockRace(run, entry.raceOptionId);
    await lockEntry(run, entry.id);
    const current = await entryById(run, entry.id);
    if (current?.status === 'registered') {
      throw conflict('You have accepted this place already. To cancel, open your registration page.');
    }
    if (current?.status !== 'offered') return;
    await setStatus(run, entry.id, 'removed');
    await offerFreedPlaces(run, entry.raceOptionId, context.links);
  });
  context.mailer.kick();
  const declined = await entryById(context.database.run, entry.id);
  if (!declined) throw notFound(NO_SUCH_OFFER);
  return toOffer(declined);
}

const toRow = (entry: EntryRow): WaitlistRow => ({
  id: entry.id,
  position: entry.position,
  reference: entry.reference,
  firstName: entry.firstName,
  lastName: entry.lastName,
  email: entry.email,
  mobile: entry.mobile,
  minor: isMinor(entry.age),
  createdAt: iso(entry.createdAt) ?? '',
  status: entry.status,
  offerExpiresAt: iso(entry.offerExpiresAt),
});

/** Every race that has had anyone waiting, with its queue first and the others after. */
export async function waitlistOf(context: AppContext): Promise<Waitlist> {
  await settleAllRaces(context);
  const event = await getCurrentEvent(context.database.db);
  const { races, entries } = await listWaitlist(context.database.run, event.id);
  return {
    races: races
      .map((race) => ({
        ...race,
        entries: entries.filter((entry) => entry.raceOptionId === race.id).map(toRow),
      }))
      .filter((race) => race.entries.length > 0),
  };
}

/** The admin's change to one waitlist entry, under its race's lock. */
async function changeWaitlistEntry(
  context: AppContext,
  id: string,
  change: (run: RunStatement, race: LockedRace, entry: EntryRow) => Promise<void>,
) {
  const found = await entryById(context.database.run, id);
  const event = await getCurrentEvent(context.database.db);
  if (!found || found.eventId !== event.id) throw notFound('There is no such waitlist entry.');
  await context.database.transaction(async (run) => {
    const race = await lockRace(run, found.raceOptionId);
    await expireOverdueOffers(run, found.raceOptionId);
    await lockEntry(run, id);
    const entry = await entryById(run, id);
    if (!race || !entry) throw notFound('There is no such waitlist entry.');
    await change(run, race, entry);
  });
  context.mailer.kick();
  return waitlistOf(context);
}

/** Offers a place to this person, out of turn if need be, when the race has one free. */
export const offerPlaceTo = (context: AppContext, id: string) =>
  changeWaitlistEntry(context, id, async (run, race, entry) => {
    if (entry.status !== 'waiting') {
      throw conflict(`${entry.firstName} ${entry.lastName} is not waiting, so cannot be offered a place.`);
    }
    const places = await placesOf(run, race.id);
    if (race.capacity !== null && race.capacity - places.active - places.offered <= 0) {
      throw conflict(`No free place in ${race.label}: raise its capacity first.`);
    }
    await makeOffer(run, race, entry, context.links);
  });

/** Takes someone off the waitlist; a place he was offered passes to the next one waiting. */
export const removeFromWaitlist = (context: AppContext, id: string) =>
  changeWaitlistEntry(context, id, async (run, race, entry) => {
    if (entry.status !== 'waiting' && entry.status !== 'offered') {
      throw conflict('Only someone waiting or offered a place can be removed.');
    }
    await setStatus(run, entry.id, 'removed');
    if (entry.status === 'offered') await offerFreedPlaces(run, race.id, context.links);
  });
