import { hash } from 'node:crypto';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { amountDue, fromCents, owes, toCents } from '../../../shared/payments/balance.ts';
import { ENTRANT_SEARCH } from '../../../shared/registrations/entrant-search.ts';
import { guardianOf, isMinor } from '../../../shared/registrations/guardian.ts';
import {
  EMAIL_MISSING,
  type RegistrationData,
  type RegistrationReceipt,
} from '../../../shared/registrations/registration.ts';
import { type Team, type TeamEntryDetail, teamReference } from '../../../shared/registrations/team.ts';
import type { AppContext } from '../../context.ts';
import type { Database, RunStatement, Transaction } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { badRequest, conflict, notFound, Problem } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { enqueueMail, type OutgoingMail, queueMailOn, queuePublicActionMail } from '../../mail/repository.ts';
import { wantsMail } from '../../sms/entrant-sms.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { refuseLandline } from '../../sms/mobile-only.ts';
import type { EventRow, EventSnapshot } from '../events/service.ts';
import { assertPublished, getCurrentEvent, isRegistrationOpen, textsOn } from '../events/service.ts';
import {
  CONFIRMATION_KIND,
  CONFIRMATION_RESEND_AFTER_MINUTES,
  confirmationMail,
  type GiftWithEntry,
  giftWithEntry,
} from './confirmation-mail.ts';
import { newCheckInCode, newEntryLink } from './entry-link.ts';
import { registrationRun } from './insert-batch.ts';
import {
  claimConfirmationResend,
  countPlacesHeld,
  findActiveSamePerson,
  findByIdempotencyKey,
  findReceiptById,
  insertEntryLink,
  insertRegistrationWithMail,
  listTeamEntries,
  lockRaceAndCountEntries,
  type NewRegistration,
  REFERENCE_PLACEHOLDER,
  searchByName,
} from './repository.ts';
import { textEntrant } from './text-entrant.ts';
import { zwgQuoteOf } from './zwg-quote.ts';

// What other features may use of registrations besides this file's own functions.
export { contactPhoneOf, howToPayLines, payOnlineLines } from './confirmation-mail.ts';
export { entryLinkDigest, newCheckInCode, newEntryLink, newPrivateLink } from './entry-link.ts';
export { keepShortEntryLink } from './repository.ts';
export { type TextedEntrant, textEntrant } from './text-entrant.ts';
// Until the participants', waitlist's and receipts' services use raceHasRoom, isRegistered and keepEntryLinks
// (the lead's change): then delete.

export const REGISTRATION_CLOSED = 'Registration has closed';
export const RACE_FULL = 'This race is full';
/** The code of a refusal because the race has no place left: whoever answers it otherwise asks isRaceFull. */
const RACE_FULL_CODE = 'RACE_FULL';
export const raceFull = () => conflict(RACE_FULL, RACE_FULL_CODE);
export const isRaceFull = (error: unknown) => error instanceof Problem && error.code === RACE_FULL_CODE;
export const RACE_FULL_ON_FORM =
  'This race has just become full. Reload the page and choose it again to join its waitlist.';

export interface RegisterResult {
  /** A new entry's receipt carries its private link (path `/My/<token>`); a found one's never does. */
  receipt: RegistrationReceipt;
  /** False when an earlier request with the same Idempotency-Key already registered it. */
  created: boolean;
  /**
   * Set when the person (same name and email) already has an active entry in this discipline: the receipt
   * is that entry's, and no new one was made.
   */
  alreadyRegistered?: { nothingDue: boolean; confirmationResent: boolean };
  /** The gift asked with a new entry that its confirmation says (the cause took gifts): the caller makes it. */
  promisedGift?: GiftWithEntry;
}

/**
 * Someone without email could be told nothing while the event sends no texts (the form then offers no choice
 * of SMS): such an entry is refused, naming the field.
 */
export const unreachable = (person: { email?: string | null }, event: EventRow) =>
  !person.email && !textsOn(event);
export const EMAIL_NEEDED = { path: 'email', message: EMAIL_MISSING };

/** The refusal where a found entry is not answered as a receipt (a company registering its staff). */
export function alreadyRegisteredProblem(
  discipline: RegistrationReceipt['discipline'],
  { confirmationResent }: { confirmationResent: boolean },
) {
  const who = discipline === 'run' ? 'runner' : 'cyclist';
  return conflict(
    `You are already registered as a ${who} with this name and email. ` +
      (confirmationResent
        ? 'We have sent your confirmation email again.'
        : 'Your confirmation email was sent a short while ago: please check your inbox.'),
  );
}

const toReceipt = (row: RegistrationReceipt): RegistrationReceipt => ({
  reference: row.reference,
  discipline: row.discipline,
  raceType: row.raceType,
  feeUsd: row.feeUsd,
  feeZwg: row.feeZwg,
  ...quotedRate(row),
});

/** The rate a receipt's ZWG fee was quoted at, only when it was (a fixed fee's receipt is as before). */
const quotedRate = ({ zwgRate, zwgRateDate }: { zwgRate?: string | null; zwgRateDate?: string | null }) =>
  zwgRate && zwgRateDate ? { zwgRate, zwgRateDate } : {};

/**
 * An entry taken at the check-in table on the event day (issue 37): registered after the closing time too, by a
 * volunteer (its mail is not a public action's), and finished in the registering transaction (bib, check-in,
 * cash). A person already registered is answered as found, without sending the confirmation again.
 */
export interface AtTable {
  /** What else the request said (cash, time, phone…): a different one under a used key is refused. */
  request: Record<string, unknown>;
  /** Registered even when the race is full (a walk-up made without signal), and told so. */
  overCapacity: 'refuse' | 'allow';
  complete: (
    tx: Transaction,
    entry: { id: string; reference: string; raceOptionId: string; overCapacity: boolean },
  ) => Promise<void>;
}

export interface RegisterOptions {
  idempotencyKey?: string;
  companyAccountId?: string;
  /** The team manager's own address: his staff's mails sent there are his, not a stranger's (no limit). */
  managerEmail?: string;
  atTable?: AtTable;
}

/** The event in memory was older than the database's: nothing was decided or written, read it again. */
class OutdatedEvent extends Error {}

/**
 * Registers a runner or cyclist: the entry and its confirmation mail are written by one statement, which takes
 * the lock on the mail's address (the mail is a public action's: within PUBLIC_ACTION_MAIL_LIMIT), in a
 * transaction with the capacity check when the race has a limit. A retry with the same Idempotency-Key
 * answers the first result instead of registering twice.
 *
 * The event comes from memory. The insert itself refuses an outdated copy, and any refusal decided from
 * the copy (closed, no such race, full) is checked again against the database before it is answered.
 */
/** Whether a staff member's mail goes to his manager's own address (left empty on the team's forms). */
export const toManager = (to: string, managerEmail: string | undefined) =>
  managerEmail !== undefined && to.toLowerCase() === managerEmail.toLowerCase();

export async function register(
  context: AppContext,
  input: RegistrationData,
  options: RegisterOptions = {},
): Promise<RegisterResult> {
  refuseLandline(input.mobile);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const fresh = attempt > 0;
    const snapshot = await (fresh ? context.currentEvent.reload() : context.currentEvent.get());
    try {
      return await registerWith(context, snapshot, fresh, input, options);
    } catch (error) {
      if (!(error instanceof OutdatedEvent)) throw error;
    }
  }
  // The event changed under three attempts in a row: an admin is saving it; the client retries.
  throw new Problem(503, 'Service Unavailable', 'The event is being updated. Please try again.');
}

async function registerWith(
  { database, mailer, links, sms, currentEvent }: AppContext,
  snapshot: EventSnapshot | undefined,
  fresh: boolean,
  input: RegistrationData,
  { idempotencyKey, companyAccountId, managerEmail, atTable }: RegisterOptions,
): Promise<RegisterResult> {
  const { db } = database;
  const digest = requestDigest(input, companyAccountId, atTable?.request);
  /** The answer already given to this Idempotency-Key, if any; a different request under the key is refused. */
  const earlierAnswer = async () => {
    const earlier = idempotencyKey ? await findByIdempotencyKey(db, idempotencyKey) : undefined;
    if (!earlier) return undefined;
    // Entries stored before digests were kept have none: they answer as before.
    if (earlier.requestDigest !== null && earlier.requestDigest !== digest) {
      throw new Problem(
        422,
        'Unprocessable Content',
        'This key was already used for a different registration.',
      );
    }
    return { receipt: toReceipt(earlier), created: false };
  };
  /** A refusal read from memory is only answered once the database agrees. */
  const refuse = (problem: Problem): never => {
    throw fresh ? problem : new OutdatedEvent();
  };

  if (!snapshot)
    return refuse(new Problem(503, 'Service Unavailable', 'No event is set up yet. Please try again later.'));
  const { event } = snapshot;
  const race = snapshot.race(input.discipline, input.raceType);
  if (event.publishedAt === null) {
    if (!fresh) throw new OutdatedEvent();
    assertPublished(event);
  }
  if (!atTable && !isRegistrationOpen(event)) {
    if (!fresh) throw new OutdatedEvent();
    // A retry of a request that got through before the closing time still gets its receipt.
    const earlier = await earlierAnswer();
    if (earlier) return earlier;
    throw conflict(REGISTRATION_CLOSED);
  }
  if (!race)
    return refuse(
      badRequest('Please check the form.', [
        { path: 'raceType', message: 'Choose a race type from the list' },
      ]),
    );
  if (!event.tshirtSizes[input.discipline].includes(input.tshirtSize)) {
    return refuse(
      badRequest('Please check the form.', [
        { path: 'tshirtSize', message: 'Choose a T-shirt size from the list' },
      ]),
    );
  }

  if (unreachable(input, event)) return refuse(badRequest('Please check the form.', [EMAIL_NEEDED]));
  // Only the public forms add a gift (their routes make it); a team's staff and a walk-up are entered without.
  const gift = atTable || companyAccountId ? null : giftWithEntry(event, input);
  const { link, mail, values, quote } = entryWithMail(
    event,
    race,
    input,
    links,
    {
      termsVersion: event.termsVersion,
      privacyVersion: event.privacyVersion,
      ...guardianOf(input, new Date()),
      idempotencyKey: idempotencyKey ?? null,
      requestDigest: idempotencyKey ? digest : null,
      companyAccountId: companyAccountId ?? null,
    },
    gift,
  );
  const receipt = (reference: string): RegistrationReceipt => ({
    reference,
    discipline: input.discipline,
    raceType: race.label,
    feeUsd: race.feeUsd,
    feeZwg: quote.feeZwg,
    ...quotedRate(quote),
  });

  try {
    const { capacity } = race;
    let fills = false;
    const registering = async (run: RunStatement, tx?: Transaction) => {
      let overCapacity = false;
      // A walk-up's bib is chosen under the race's lock: taken before the insert, whose key share on the race
      // would otherwise deadlock two walk-ups asking for it after.
      const held = capacity !== null || atTable ? await lockRaceAndCountEntries(run, race.id) : 0;
      if (capacity !== null && held >= capacity) {
        if (atTable?.overCapacity === 'allow') overCapacity = true;
        else refuse(raceFull());
      }
      fills = capacity !== null && held + 1 >= capacity;
      const publicAction = !atTable && !(mail && toManager(mail.to, managerEmail));
      const inserted = await insertWithMessages(run, {
        event,
        race,
        values,
        mail: mail && { ...mail, publicAction },
        publicAction,
        link,
        links,
        gift,
      });
      if (inserted.kind === 'inserted' && atTable && tx)
        await atTable.complete(tx, {
          id: inserted.id,
          reference: inserted.reference,
          raceOptionId: race.id,
          overCapacity,
        });
      return inserted;
    };
    // A walk-up is finished by Drizzle's statements in the same transaction. An entry in a race without a
    // limit, and without a text beside its mail, is one statement: one round trip, atomic on its own (on
    // PostgreSQL shared with the entries that arrive beside it: see insert-batch.ts).
    const outcome = atTable
      ? await db.transaction((tx) => registering(statementsOn(tx), tx))
      : capacity === null && !textsOn(event)
        ? await registering(registrationRun(database))
        : await database.transaction((run) => registering(run));
    if (outcome.kind === 'outdated-event') throw new OutdatedEvent();
    if (outcome.kind === 'duplicate-key') {
      const earlier = await earlierAnswer();
      if (earlier) return earlier;
      throw new Error('the insert was skipped but no entry has its Idempotency-Key');
    }
    // The route tells the public pages of no other registration (see followChangesMadeHere): only this one
    // changed what they show.
    if (fills) currentEvent.changed();
    mailer.kick();
    // No text is queued while the event's texts are off: a round of the sender would find nothing.
    if (textsOn(event)) sms.kick();
    return {
      receipt: { ...receipt(outcome.reference), myLink: new URL(link.url).pathname },
      created: true,
      ...(gift ? { promisedGift: gift } : {}),
    };
  } catch (error) {
    if (error instanceof OutdatedEvent) throw error;
    // A concurrent request with the same key may have registered meanwhile, and so taken the person or the
    // race's last place: the retry answers that registration, not an error.
    const earlier = await earlierAnswer();
    if (earlier) return earlier;
    if (error instanceof Problem) throw error;
    if (uniqueViolation(error) === 'registrations_same_person') {
      const existing = await findActiveSamePerson(db, { eventId: event.id, ...input });
      // The entry that was in the way is gone again (cancelled meanwhile): the client may simply retry.
      if (!existing) throw conflict('Your registration could not be completed. Please try again.');
      const resent = !atTable && (await resendConfirmation(db, event, existing, links));
      if (resent) mailer.kick();
      return {
        receipt: toReceipt(existing),
        created: false,
        alreadyRegistered: { nothingDue: !owes(existing.paymentStatus), confirmationResent: resent },
      };
    }
    throw error;
  }
}

/**
 * The entry with its confirmation: mailed in the insert's own statement, texted beside it while the event's
 * texts are on. When a text alone was asked for, the mail waits to see whether the text may go (the cap, a
 * number's limit): one of them always does.
 */
export async function insertWithMessages(
  run: RunStatement,
  {
    event,
    race,
    values,
    mail,
    link,
    links,
    publicAction = mail?.publicAction ?? false,
    gift = null,
  }: {
    event: EventRow;
    race: RaceOfEntry;
    values: NewRegistration;
    /** None for an entrant without email (he chose SMS alone). */
    mail: OutgoingMail | null;
    link: { digest: string };
    links: Links;
    /** Whether the texts are a stranger's doing (limited per number), when there is no mail to say so. */
    publicAction?: boolean;
    /** The gift asked with the entry, which its text says too. */
    gift?: GiftWithEntry | null;
  },
) {
  const texts = textsOn(event);
  const mailNow = mail !== null && (!texts || values.notifyBy !== 'sms');
  const inserted = await insertRegistrationWithMail(run, values, event, mail, link.digest, mailNow);
  if (inserted.kind !== 'inserted' || !texts) return inserted;
  const texted = await textConfirmation(run, links, event, race, values, inserted, publicAction, gift);
  if (mail && !mailNow && wantsMail('sms', texted)) {
    const numbered = withReference(mail, inserted.reference);
    if (mail.publicAction) await queuePublicActionMail(run, numbered);
    else await queueMailOn(run, numbered);
  }
  return inserted;
}

/** The confirmation's text, with a short link to the new entry's page, in the registering transaction. */
function textConfirmation(
  run: RunStatement,
  links: Links,
  event: EventRow,
  race: Pick<RaceOfEntry, 'label' | 'feeUsd' | 'feeZwg'>,
  values: Pick<NewRegistration, 'discipline' | 'age' | 'mobile' | 'email' | 'guardianMobile' | 'notifyBy'>,
  entry: { id: string; reference: string },
  publicAction: boolean,
  gift: GiftWithEntry | null = null,
) {
  return textEntrant(
    run,
    links,
    {
      ...values,
      email: values.email ?? null,
      guardianMobile: values.guardianMobile ?? null,
      notifyBy: values.notifyBy ?? 'email',
    },
    {
      eventId: event.id,
      registrationId: entry.id,
      kind: CONFIRMATION_KIND,
      publicAction,
      essential: !values.email,
      title: event.title,
      text: ENTRANT_TEXTS.confirmation({
        reference: entry.reference,
        race: `${DISCIPLINE_LABELS[values.discipline]} ${race.label}`,
        feeUsd: race.feeUsd,
        ...zwgQuoteOf(event, race),
        gift,
      }),
      linkTo: entry.id,
    },
  );
}

/** A mail written before its entry was numbered, with the reference in place. */
const withReference = (mail: OutgoingMail, reference: string): OutgoingMail => ({
  ...mail,
  subject: mail.subject.replaceAll(REFERENCE_PLACEHOLDER, reference),
  text: mail.text.replaceAll(REFERENCE_PLACEHOLDER, reference),
});

export type RaceOfEntry = {
  id: string;
  label: string;
  feeUsd: string | null;
  feeZwg: string | null;
  startTime: string | null;
};
type Entrant = Omit<
  RegistrationData,
  'consent' | 'raceType' | 'email' | 'gender' | 'guardianName' | 'guardianMobile' | 'guardianConsent'
> & { email?: string | null; gender?: string | null };
/** What an entry keeps of the consents given: the versions of the texts shown, and a minor's guardian's. */
type Consents = Pick<
  NewRegistration,
  'termsVersion' | 'privacyVersion' | 'guardianName' | 'guardianMobile' | 'guardianConsentedAt'
>;

/**
 * A new entry's row, its confirmation mail (the reference still a placeholder, numbered by the insert) and
 * its private link: the public form's entry and an accepted waitlist offer are made alike.
 */
export function entryWithMail(
  event: EventRow,
  race: RaceOfEntry,
  person: Entrant,
  links: Links,
  row: Consents & Pick<NewRegistration, 'idempotencyKey' | 'requestDigest' | 'companyAccountId'>,
  /** The gift asked with the entry that its confirmation says (the public form's alone). */
  gift: GiftWithEntry | null = null,
) {
  const link = newEntryLink(links);
  const checkInCode = newCheckInCode();
  const quote = zwgQuoteOf(event, race);
  const mail =
    person.email === undefined || person.email === null
      ? null
      : confirmationMail(
          event,
          {
            reference: REFERENCE_PLACEHOLDER,
            discipline: person.discipline,
            raceType: race.label,
            startTime: race.startTime,
            feeUsd: race.feeUsd,
            feeZwg: quote.feeZwg,
            zwgRate: quote.zwgRate,
            zwgRateDate: quote.zwgRateDate,
            email: person.email,
            firstName: person.firstName,
            myLink: link.url,
            checkInCode,
            gift,
          },
          links,
        );
  const { columns } = quote;
  // Every column named, no spread: built from a spread with the keys added after it, this object took a
  // twentieth of a registration's time on the server (its profile, Node 20).
  const values: NewRegistration = {
    termsVersion: row.termsVersion,
    privacyVersion: row.privacyVersion,
    guardianName: row.guardianName,
    guardianMobile: row.guardianMobile,
    guardianConsentedAt: row.guardianConsentedAt,
    idempotencyKey: row.idempotencyKey,
    requestDigest: row.requestDigest,
    companyAccountId: row.companyAccountId,
    eventId: event.id,
    discipline: person.discipline,
    raceOptionId: race.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email ?? null,
    mobile: person.mobile,
    nextOfKinMobile: person.nextOfKinMobile,
    age: person.age,
    gender: person.gender ?? null,
    tshirtSize: person.tshirtSize,
    consentedAt: new Date(),
    listedInSearch: person.listedInSearch ?? false,
    showInResults: person.showInResults ?? true,
    notifyBy: person.notifyBy ?? (textsOn(event) ? 'both' : 'email'),
    checkInCode,
    quotedAt: columns.quotedAt,
    quoteUsd: columns.quoteUsd,
    quoteZwg: columns.quoteZwg,
    quoteRate: columns.quoteRate,
    quoteRateDate: columns.quoteRateDate,
  };
  return { link, mail, values, checkInCode, quote };
}

/**
 * An entry made inside the caller's transaction (which holds the race's lock and checked its capacity), with
 * its confirmation mail and private link, as the public form makes it: a waitlist offer accepted. Answers
 * 'outdated-event' when the event changed since it was read (nothing was written).
 */
export async function createRegistration(
  run: RunStatement,
  event: EventRow,
  {
    race,
    input,
    idempotencyKey,
    links,
  }: {
    race: RaceOfEntry;
    /** A waitlist entry's person and consents, read back from the database. */
    input: Entrant & Omit<Consents, 'guardianConsentedAt'> & { guardianConsentedAt: Date | string | null };
    idempotencyKey: string;
    links: Links;
  },
) {
  const { link, mail, values } = entryWithMail(event, race, input, links, {
    termsVersion: input.termsVersion,
    privacyVersion: input.privacyVersion,
    guardianName: input.guardianName,
    guardianMobile: input.guardianMobile,
    guardianConsentedAt: input.guardianConsentedAt === null ? null : new Date(input.guardianConsentedAt),
    idempotencyKey,
    requestDigest: null,
    companyAccountId: null,
  });
  const outcome = await insertWithMessages(run, { event, race, values, mail, link, links });
  if (outcome.kind === 'outdated-event') return 'outdated-event' as const;
  if (outcome.kind === 'duplicate-key') throw conflict('This place was taken already.');
  return { id: outcome.id, reference: outcome.reference, myLink: new URL(link.url).pathname };
}

/**
 * The confirmation again, for a duplicate attempt: at most once per entry per window, within the public
 * actions' limit per address. It carries a new private link (the earlier ones' tokens are not kept), made only if the mail goes.
 */
async function resendConfirmation(
  db: Database,
  event: EventRow,
  entry: NonNullable<Awaited<ReturnType<typeof findActiveSamePerson>>>,
  links: Links,
  /** The link the entrant opened the entry by, which the mail repeats; otherwise a new one is made. */
  existingLink?: string,
) {
  // An entrant without email is texted (with a new short link) while texts are on, or told nothing.
  if (entry.email === null && !textsOn(event)) return false;
  if (!(await claimConfirmationResend(db, entry.id, CONFIRMATION_RESEND_AFTER_MINUTES))) return false;
  if (entry.email === null)
    return db.transaction((tx) =>
      textConfirmation(
        statementsOn(tx),
        links,
        event,
        { ...entry, label: entry.raceType },
        entry,
        entry,
        true,
      ),
    );
  const link = existingLink ? undefined : newEntryLink(links);
  const mail = confirmationMail(
    event,
    { ...entry, email: entry.email, myLink: existingLink ?? link?.url ?? '' },
    links,
  );
  return db.transaction(async (tx) => {
    const queued = await enqueueMail(tx, { ...mail, publicAction: true });
    if (queued && link) await insertEntryLink(tx, entry.id, link.digest);
    return queued;
  });
}

/**
 * The confirmation again, asked for on the entrant's own page: as often as for a duplicate attempt, with the
 * link the page was opened by. Says whether it was sent.
 */
export async function resendConfirmationOf(
  { database, mailer, links }: AppContext,
  id: string,
  myLink: string,
) {
  const event = await getCurrentEvent(database.db);
  const entry = await findReceiptById(database.db, id);
  if (!entry) return false;
  const sent = await resendConfirmation(database.db, event, entry, links, myLink);
  if (sent) mailer.kick();
  return sent;
}

/**
 * Inside the caller's transaction, which locked the race: whether a newcomer may take a place in it (the
 * places held, entries and waitlist, are fewer than its capacity).
 */
export async function raceHasRoom(tx: Transaction, race: { id: string; capacity: number | null }) {
  return race.capacity === null || (await countPlacesHeld(tx, race.id)) < race.capacity;
}

/** Whether the person (same name and email) already has an active entry in this discipline of the event. */
export async function isRegistered(db: Database, person: Parameters<typeof findActiveSamePerson>[1]) {
  return (await findActiveSamePerson(db, person)) !== undefined;
}

/** Keeps private links to entries (only their tokens' digests) in the caller's transaction. */
export async function keepEntryLinks(tx: Transaction, links: { entryId: string; digest: string }[]) {
  for (const { entryId, digest } of links) await insertEntryLink(tx, entryId, digest);
}

// localeCompare's own order, from one collator: localeCompare makes one for each comparison (1.5% of a
// registration's time on the server). The order must not change: digests stored with entries are compared.
const byName = new Intl.Collator().compare;
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => byName(a, b);

/** Who asked for what, so a retried Idempotency-Key can be told apart from a different request under it. */
export function requestDigest(
  input: RegistrationData,
  companyAccountId: string | undefined,
  atTable?: Record<string, unknown>,
) {
  const request = {
    ...input,
    listedInSearch: input.listedInSearch ?? false,
    companyAccountId: companyAccountId ?? null,
    ...(atTable ? { atTable: Object.entries(atTable).sort(byKey) } : {}),
  };
  const fields = Object.entries(request).sort(byKey);
  return hash('sha256', JSON.stringify(fields), 'base64url');
}

export async function searchEntrants({ database }: AppContext, text: string) {
  const event = await getCurrentEvent(database.db);
  return searchByName(database.db, event.id, text, ENTRANT_SEARCH.maxResults);
}

/**
 * A company's entries, what the team still owes per currency (fees of its unpaid entries and part-paid
 * entries' balances, decimal strings),
 * the one reference to pay for them all, and whether the manager may still change them.
 */
export async function teamOf(context: AppContext, companyAccountId: string): Promise<Team> {
  return (await teamWithPayments(context, companyAccountId)).team;
}

/**
 * The team as teamOf answers it, with the current event (its ways to pay) and what each of its entries has
 * been paid (the amount and currency recorded; null for none): what its invoice says.
 */
export async function teamWithPayments({ database }: AppContext, companyAccountId: string) {
  const event = await getCurrentEvent(database.db);
  const rows = await listTeamEntries(database.db, event.id, companyAccountId);
  const paid = new Map(
    rows.map((entry) => [
      entry.id,
      (entry.paymentStatus === 'paid' || entry.paymentStatus === 'part_paid') &&
      entry.paymentCurrency !== null &&
      entry.paymentAmount !== null
        ? { amount: entry.paymentAmount, currency: entry.paymentCurrency }
        : null,
    ]),
  );
  return { event, team: toTeam(event, rows), paid };
}

function toTeam(event: EventRow, rows: Awaited<ReturnType<typeof listTeamEntries>>): Team {
  // A part-paid entry owes its balance.
  const sum = (currency: 'USD' | 'ZWG') =>
    fromCents(
      rows.reduce((total, entry) => {
        const owing = {
          paymentStatus: entry.paymentStatus,
          payment: { amount: entry.paymentAmount, currency: entry.paymentCurrency },
          fees: { USD: entry.feeUsd, ZWG: entry.feeZwg },
        };
        return total + toCents(amountDue(owing, currency) ?? '0');
      }, 0),
    );
  const code = rows[0]?.teamCode;
  return {
    entries: rows.map((entry) => ({
      id: entry.id,
      reference: entry.reference,
      firstName: entry.firstName,
      lastName: entry.lastName,
      minor: isMinor(entry.age),
      discipline: entry.discipline,
      raceType: entry.raceType,
      tshirtSize: entry.tshirtSize,
      paymentStatus: entry.paymentStatus,
      feeUsd: entry.feeUsd,
      feeZwg: entry.feeZwg,
      createdAt: entry.createdAt,
    })),
    due: { usd: sum('USD'), zwg: sum('ZWG') },
    reference: code ? teamReference(event.referencePrefix, code) : null,
    changeable: isRegistrationOpen(event),
  };
}

/** One of a company's own entries of the current event, whole, for its edit form. */
export async function teamEntryOf(
  { database }: AppContext,
  companyAccountId: string,
  id: string,
): Promise<TeamEntryDetail> {
  const event = await getCurrentEvent(database.db);
  const [row] = await listTeamEntries(database.db, event.id, companyAccountId, id);
  if (!row) throw notFound('There is no such entry.');
  const { teamCode: _, ...entry } = row;
  return { ...entry, minor: isMinor(entry.age) };
}

export { zwgQuoteOf };
