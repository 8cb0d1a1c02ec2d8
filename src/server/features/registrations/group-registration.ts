import { createHash, randomBytes } from 'node:crypto';
import type { QuotedRate } from '../../../shared/events/zwg-rate.ts';
import { amountDue, fromCents, toCents } from '../../../shared/payments/balance.ts';
import {
  type GroupReceipt,
  type GroupRegistrationData,
  groupReference,
} from '../../../shared/registrations/group.ts';
import { guardianOf } from '../../../shared/registrations/guardian.ts';
import type { RegistrationData } from '../../../shared/registrations/registration.ts';
import type { AppContext } from '../../context.ts';
import type { RunStatement } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, Problem } from '../../http/problem.ts';
import type { Links } from '../../links.ts';
import { lockMailRecipient, queuePublicActionMail } from '../../mail/repository.ts';
import { wantsMail } from '../../sms/entrant-sms.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { isNotMobile, NOT_A_MOBILE } from '../../sms/mobile-only.ts';
import type { EventSnapshot } from '../events/service.ts';
import { assertPublished, type EventRow, isRegistrationOpen, textsOn } from '../events/service.ts';
import { giftAskedWithEntry } from '../gifts/service.ts';
import { waitInGroupTransaction } from '../waitlist/service.ts';
import { type GiftWithEntry, giftWithEntry } from './confirmation-mail.ts';
import { type GroupMailMember, groupConfirmationMail } from './group-mail.ts';
import {
  findActiveSamePerson,
  findGroupByIdempotencyKey,
  type GroupMemberRow,
  insertGroup,
  insertRegistrationWithMail,
  joinGroup,
  listGroupMembers,
  listGroupWaitlisted,
  lockRaceAndCountEntries,
} from './repository.ts';
import {
  EMAIL_NEEDED,
  entryWithMail,
  insertWithMessages,
  REGISTRATION_CLOSED,
  requestDigest,
  textEntrant,
  unreachable,
} from './service.ts';

/** A full race's message beside each person whose race is full; nobody was registered. */
export const GROUP_RACE_FULL = 'This race is full';
export const GROUP_FULL_DETAIL =
  'Nobody was registered: a race is full. Choose another race, or register the others now and put whoever cannot get in on the waitlist.';
export const ALREADY_ON_FORM = 'This person is on the form twice';

export interface GroupRegisterResult {
  receipt: GroupReceipt;
  /** False when an earlier request with the same Idempotency-Key already registered the group. */
  created: boolean;
  /** The gift asked on the form that the group's confirmation says: withGroupGift makes it. */
  promisedGift?: GiftWithEntry;
}

/** The event changed under the transaction (its revision moved): nothing was written, read it again. */
class OutdatedEvent extends Error {}

const path = (index: number, field: string) => `people.${index}.${field}`;

/**
 * Registers several people from one form (issue 36): everyone or no one, in one transaction that checks every
 * race's capacity. A full race refuses the whole form (409, each full person's raceType named) unless
 * `waitlistFull`: then those people join its waitlist, outside the group, in the same transaction. The group's
 * one reference pays for all; one confirmation goes to the contact (the first person), whose address those who
 * share it have their private links listed in; anyone with his own address gets his own confirmation. A retry
 * with the same Idempotency-Key answers the first result.
 */
export async function registerGroup(
  context: AppContext,
  input: GroupRegistrationData,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<GroupRegisterResult> {
  const digest = groupRequestDigest(input);
  const earlier = idempotencyKey ? await earlierAnswer(context, idempotencyKey, digest) : undefined;
  if (earlier) return withGroupGift(context, input, earlier);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const snapshot = await context.currentEvent.reload();
    try {
      const done = await registerGroupWith(context, snapshot, input, { idempotencyKey, digest });
      return await withGroupGift(context, input, done);
    } catch (error) {
      if (error instanceof OutdatedEvent) continue;
      const again = idempotencyKey ? await earlierAnswer(context, idempotencyKey, digest) : undefined;
      if (again) return withGroupGift(context, input, again);
      const clash = uniqueViolation(error);
      if (clash === 'registrations_same_person' || clash === 'waitlist_same_person') {
        throw conflict('Someone on the form registered meanwhile. Please send the form again.');
      }
      throw error;
    }
  }
  throw new Problem(503, 'Service Unavailable', 'The event is being updated. Please try again.');
}

/**
 * The group's gift (issue 43), as the single form's: its own insert right after the group's transaction, linked
 * to the group's first entry, as idempotent as the group (a retry finds the gift made); a gift that failed
 * never takes the group with it. The receipt's total due then has it in its currency.
 */
async function withGroupGift(
  context: AppContext,
  input: GroupRegistrationData,
  result: GroupRegisterResult,
): Promise<GroupRegisterResult> {
  const [first] = result.receipt.members;
  if (!first) return result;
  const gift = await giftAskedWithEntry(context, { ...result, receipt: first }, input);
  if (!gift) return result;
  const { due } = result.receipt;
  const key = gift.currency === 'USD' ? 'usd' : 'zwg';
  return {
    ...result,
    receipt: {
      ...result.receipt,
      due: { ...due, [key]: fromCents(toCents(due[key]) + toCents(gift.amount)) },
      gift,
    },
  };
}

/**
 * What the no-JavaScript group form (/Register posted with several people) calls: the same rules as
 * POST /api/registrations/group, answered with the receipt for the thank-you page. A refusal is a Problem whose
 * errors are keyed `people.<i>.<field>`; a full race's names the people whose race is full (fullPeopleOf).
 */
export async function registerGroupFromForm(
  context: AppContext,
  input: GroupRegistrationData,
  idempotencyKey?: string,
): Promise<GroupReceipt> {
  return (await registerGroup(context, input, { idempotencyKey })).receipt;
}

/** The refusal of a form with someone in a full race: which people (their places on the form) are in one. */
const GROUP_FULL_CODE = 'GROUP_RACE_FULL';
export function fullPeopleOf(error: unknown): number[] {
  if (!(error instanceof Problem) || error.code !== GROUP_FULL_CODE) return [];
  return (error.errors ?? []).flatMap(({ path }) => {
    const index = /^people\.(\d+)\.raceType$/.exec(path)?.[1];
    return index === undefined ? [] : [Number(index)];
  });
}

async function registerGroupWith(
  context: AppContext,
  snapshot: EventSnapshot | undefined,
  input: GroupRegistrationData,
  { idempotencyKey, digest }: { idempotencyKey?: string; digest: string },
): Promise<GroupRegisterResult> {
  const { database, links, mailer, sms } = context;
  if (!snapshot)
    throw new Problem(503, 'Service Unavailable', 'No event is set up yet. Please try again later.');
  const { event } = snapshot;
  const gift = giftWithEntry(event, input);
  assertPublished(event);
  if (!isRegistrationOpen(event)) throw conflict(REGISTRATION_CLOSED);

  const people = input.people.map((person, index) => {
    const race = snapshot.race(person.discipline, person.raceType);
    if (!race)
      throw badRequest('Please check the form.', [
        { path: path(index, 'raceType'), message: 'Choose a race type from the list' },
      ]);
    return { person, index, race };
  });
  const wrong = [
    ...people
      .filter(({ person }) => !event.tshirtSizes[person.discipline].includes(person.tshirtSize))
      .map(({ index }) => ({
        path: path(index, 'tshirtSize'),
        message: 'Choose a T-shirt size from the list',
      })),
    ...people
      .filter(({ person, index }) =>
        people.slice(0, index).some((before) => samePerson(before.person, person)),
      )
      .map(({ index }) => ({ path: path(index, 'firstName'), message: ALREADY_ON_FORM })),
    ...people
      .filter(({ person }) => unreachable(person, event))
      .map(({ index }) => ({ path: path(index, 'email'), message: EMAIL_NEEDED.message })),
    ...people
      .filter(({ person }) => isNotMobile(person.mobile))
      .map(({ index }) => ({ path: path(index, 'mobile'), message: NOT_A_MOBILE })),
  ];
  if (wrong.length > 0) throw badRequest('Please check the form.', wrong);
  const registered = [];
  for (const { person, index } of people) {
    if (await findActiveSamePerson(database.db, { eventId: event.id, ...person })) {
      registered.push({
        path: path(index, 'firstName'),
        message: `Already registered as a ${person.discipline === 'run' ? 'runner' : 'cyclist'} with this name and email`,
      });
    }
  }
  if (registered.length > 0) {
    throw new Problem(
      409,
      'Conflict',
      'Nobody was registered: someone on the form is registered already.',
      registered,
    );
  }

  const contact = input.people[0] as RegistrationData;
  // Without an email, the contact is shared by the mobile ("Same contact as …" copies both).
  const sharesContact = (person: RegistrationData) =>
    contact.email
      ? person.email?.toLowerCase() === contact.email.toLowerCase()
      : !person.email && person.mobile === contact.mobile;

  const outcome = await database.transaction(async (run) => {
    // Races first, one at a time in id order, then the mail addresses (the order every caller keeps).
    const room = new Map<string, number>();
    for (const race of [...new Map(people.map(({ race }) => [race.id, race])).values()].sort((a, b) =>
      a.id.localeCompare(b.id),
    )) {
      const taken = await lockRaceAndCountEntries(run, race.id);
      room.set(race.id, race.capacity === null ? Number.POSITIVE_INFINITY : race.capacity - taken);
    }
    const full = people.filter(({ race }) => {
      const left = room.get(race.id) ?? 0;
      room.set(race.id, left - 1);
      return left <= 0;
    });
    if (full.length > 0 && input.waitlistFull !== true) {
      throw new Problem(
        409,
        'Conflict',
        GROUP_FULL_DETAIL,
        full.map(({ index }) => ({ path: path(index, 'raceType'), message: GROUP_RACE_FULL })),
        undefined,
        GROUP_FULL_CODE,
      );
    }
    const addresses = [
      ...new Set(people.flatMap(({ person }) => (person.email ? [person.email.toLowerCase()] : []))),
    ].sort();
    for (const address of addresses) await lockMailRecipient(run, address);

    const groupId = await newGroup(run, event.id, idempotencyKey ?? null, idempotencyKey ? digest : null);
    if (!groupId) return 'answered' as const;
    const members: (GroupMailMember & { id: string; myLink: string })[] = [];
    const waitlisted: GroupReceipt['waitlisted'] = [];
    // The official rate the ZWG fees were quoted at, the same for everyone in the transaction (issue 42 §1).
    let rate: QuotedRate = {};
    for (const { person, index, race } of people) {
      if (full.some((entry) => entry.index === index)) {
        const place = await waitInGroupTransaction(
          run,
          links,
          event,
          race.id,
          person,
          idempotencyKey ? `${idempotencyKey}#${index}` : null,
        );
        waitlisted.push({ firstName: person.firstName, lastName: person.lastName, raceType: place.raceType });
        continue;
      }
      const { link, mail, values, checkInCode, quote } = entryWithMail(event, race, person, links, {
        termsVersion: event.termsVersion,
        privacyVersion: event.privacyVersion,
        ...guardianOf(person, new Date()),
        idempotencyKey: null,
        requestDigest: null,
        companyAccountId: null,
      });
      if (quote.zwgRate) rate = { zwgRate: quote.zwgRate, zwgRateDate: quote.zwgRateDate };
      const shared = sharesContact(person);
      // Those who share the contact's address are in the group's one confirmation; anyone else gets his own.
      const inserted = shared
        ? await insertRegistrationWithMail(run, values, event, mail, link.digest, false)
        : await insertWithMessages(run, {
            event,
            race,
            values,
            mail: mail && { ...mail, publicAction: true },
            link,
            links,
            publicAction: true,
          });
      if (inserted.kind === 'outdated-event') throw new OutdatedEvent();
      if (inserted.kind === 'duplicate-key')
        throw new Error('an entry without an Idempotency-Key was skipped');
      members.push({
        id: inserted.id,
        reference: inserted.reference,
        firstName: person.firstName,
        lastName: person.lastName,
        discipline: person.discipline,
        raceType: race.label,
        startTime: race.startTime,
        feeUsd: race.feeUsd,
        feeZwg: race.feeZwg,
        myLink: new URL(link.url).pathname,
        ...(shared ? { shared: { myLink: link.url, checkInCode } } : {}),
      });
    }
    await joinGroup(
      run,
      groupId.id,
      members.map((member) => member.id),
    );
    const reference = groupReference(event.referencePrefix, groupId.code);
    const due = totalDue(members.map((member) => ({ ...member, paymentStatus: 'unpaid' as const })));
    await confirmGroup(run, links, event, {
      contact,
      reference,
      members,
      waitlisted,
      due,
      gift,
      rate,
    });
    return {
      groupReference: reference,
      members: members.map(
        ({ reference, firstName, lastName, discipline, raceType, feeUsd, feeZwg, myLink }) => ({
          reference,
          firstName,
          lastName,
          discipline,
          raceType,
          feeUsd,
          feeZwg,
          myLink,
        }),
      ),
      waitlisted,
      due,
      ...rate,
    } satisfies GroupReceipt;
  });
  if (outcome === 'answered') {
    const found = idempotencyKey ? await earlierAnswer(context, idempotencyKey, digest) : undefined;
    if (!found) throw new Error('the group was skipped but none has its Idempotency-Key');
    return found;
  }
  mailer.kick();
  sms.kick();
  return { receipt: outcome, created: true, ...(gift ? { promisedGift: gift } : {}) };
}

/** A group with a new random code: undefined when its Idempotency-Key was used meanwhile. */
async function newGroup(
  run: RunStatement,
  eventId: string,
  idempotencyKey: string | null,
  digest: string | null,
) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = randomBytes(3).toString('hex').toUpperCase();
    const id = await insertGroup(run, { eventId, code, idempotencyKey, requestDigest: digest });
    if (id) return { id, code };
    if (idempotencyKey && (await findGroupByIdempotencyKey(run, idempotencyKey))) return undefined;
  }
  throw new Error('no free group code in five tries');
}

/** The group's one confirmation: mailed to the contact, and texted to him while the event's texts are on. */
async function confirmGroup(
  run: RunStatement,
  links: Links,
  event: EventRow,
  {
    contact,
    reference,
    members,
    waitlisted,
    due: fees,
    gift,
    rate,
  }: {
    contact: RegistrationData;
    reference: string;
    members: (GroupMailMember & { id: string })[];
    waitlisted: GroupReceipt['waitlisted'];
    due: GroupReceipt['due'];
    gift: GiftWithEntry | null;
    rate: QuotedRate;
  },
) {
  const first = members.find((member) => member.shared);
  if (!first) return;
  const notifyBy = contact.notifyBy ?? (textsOn(event) ? 'both' : 'email');
  const texted =
    textsOn(event) &&
    (await textEntrant(
      run,
      links,
      {
        age: contact.age,
        mobile: contact.mobile,
        guardianMobile: contact.guardianMobile ?? null,
        email: contact.email ?? null,
        notifyBy,
      },
      {
        eventId: event.id,
        registrationId: first.id,
        kind: 'registration-confirmation',
        publicAction: true,
        title: event.title,
        text: ENTRANT_TEXTS.groupConfirmation({
          reference,
          people: members.length,
          dueUsd: nonZero(fees.usd),
          dueZwg: nonZero(fees.zwg),
          ...rate,
          gift,
        }),
        linkTo: first.id,
      },
    ));
  if (!contact.email || !wantsMail(notifyBy, texted)) return;
  await queuePublicActionMail(run, {
    ...groupConfirmationMail(
      event,
      {
        to: contact.email,
        contactFirstName: contact.firstName,
        groupReference: reference,
        members,
        waitlisted,
        fees: { usd: nonZero(fees.usd), zwg: nonZero(fees.zwg) },
        gift,
        rate,
      },
      links,
    ),
    publicAction: true,
  });
}

const nonZero = (amount: string) => (toCents(amount) > 0 ? amount : null);

/**
 * What a group still owes per currency: the fees of its unpaid members and part-paid members' balances (a
 * member with no fee in a currency adds nothing to it).
 */
export function totalDue(
  members: (Pick<GroupMemberRow, 'paymentStatus' | 'feeUsd' | 'feeZwg'> &
    Partial<Pick<GroupMemberRow, 'paymentAmount' | 'paymentCurrency'>>)[],
): GroupReceipt['due'] {
  const sum = (currency: 'USD' | 'ZWG') =>
    fromCents(
      members.reduce((total, member) => {
        const owing = {
          paymentStatus: member.paymentStatus,
          payment: { amount: member.paymentAmount ?? null, currency: member.paymentCurrency ?? null },
          fees: { USD: member.feeUsd, ZWG: member.feeZwg },
        };
        return total + toCents(amountDue(owing, currency) ?? '0');
      }, 0),
    );
  return { usd: sum('USD'), zwg: sum('ZWG') };
}

/** The answer already given to this Idempotency-Key, if any; a different request under the key is refused. */
async function earlierAnswer(
  { database }: AppContext,
  idempotencyKey: string,
  digest: string,
): Promise<GroupRegisterResult | undefined> {
  const group = await findGroupByIdempotencyKey(database.run, idempotencyKey);
  if (!group) return undefined;
  if (group.requestDigest !== digest) {
    throw new Problem(
      422,
      'Unprocessable Content',
      'This key was already used for a different registration.',
    );
  }
  const members = await listGroupMembers(database.run, group.id);
  const waitlisted = await listGroupWaitlisted(database.run, idempotencyKey);
  const quoted = members.find((member) => member.zwgRate);
  return {
    receipt: {
      groupReference: groupReference(group.referencePrefix, group.code),
      members: members.map(({ reference, firstName, lastName, discipline, raceType, feeUsd, feeZwg }) => ({
        reference,
        firstName,
        lastName,
        discipline,
        raceType,
        feeUsd,
        feeZwg,
      })),
      waitlisted,
      due: totalDue(members),
      ...(quoted ? { zwgRate: quoted.zwgRate, zwgRateDate: quoted.zwgRateDate } : {}),
    },
    created: false,
  };
}

type Person = Pick<RegistrationData, 'discipline' | 'firstName' | 'lastName' | 'email' | 'mobile' | 'age'>;

/** The same person twice on one form: the database's rule (same_person_by_mobile where an email is missing). */
export const samePerson = (a: Person, b: Person) =>
  a.discipline === b.discipline &&
  [a.firstName, a.lastName].join('\n').toLowerCase() === [b.firstName, b.lastName].join('\n').toLowerCase() &&
  (a.email && b.email
    ? a.email.toLowerCase() === b.email.toLowerCase()
    : a.mobile === b.mobile && Math.abs(a.age - b.age) <= 1);

/** Who asked for what, so a retried Idempotency-Key can be told apart from a different form under it. */
function groupRequestDigest(input: GroupRegistrationData) {
  const request = {
    people: input.people.map((person) => requestDigest(person, undefined)),
    waitlistFull: input.waitlistFull ?? false,
    // Only with a gift, so that a group's digest without one stays as it was.
    ...(input.giftAmount ? { gift: [input.giftAmount, input.giftCurrency ?? 'USD'] } : {}),
  };
  return createHash('sha256').update(JSON.stringify(request)).digest('base64url');
}
