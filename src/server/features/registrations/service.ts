import type { RegistrationData, RegistrationReceipt } from '../../../shared/registrations/registration.ts';
import type { AppContext } from '../../app.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, Problem } from '../../http/problem.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { findCurrentEventWithRace, lockRace } from '../events/repository.ts';
import { getCurrentEvent, isRegistrationOpen } from '../events/service.ts';
import { confirmationMail } from './confirmation-mail.ts';
import {
  countActiveInRace,
  findActiveSamePerson,
  findByIdempotencyKey,
  insertRegistrationWithMail,
  listTeamEntries,
  REFERENCE_PLACEHOLDER,
  searchByName,
} from './repository.ts';

export const REGISTRATION_CLOSED = 'Registration has closed';
export const RACE_FULL = 'This race is full';

export interface RegisterResult {
  receipt: RegistrationReceipt;
  /** False when an earlier request with the same Idempotency-Key already registered it. */
  created: boolean;
}

const toReceipt = (row: RegistrationReceipt): RegistrationReceipt => ({
  reference: row.reference,
  discipline: row.discipline,
  raceType: row.raceType,
  feeUsd: row.feeUsd,
  feeZwg: row.feeZwg,
});

/**
 * Registers a runner or cyclist: the entry and its confirmation mail are written by one statement (in a
 * transaction with the capacity check when the race has a limit). A retry with the same Idempotency-Key
 * answers the first result instead of registering twice.
 */
export async function register(
  { database, mailer, env }: AppContext,
  input: RegistrationData,
  { idempotencyKey, companyAccountId }: { idempotencyKey?: string; companyAccountId?: string } = {},
): Promise<RegisterResult> {
  const { db } = database;
  const earlierAnswer = async () => {
    const earlier = idempotencyKey ? await findByIdempotencyKey(db, idempotencyKey) : undefined;
    return earlier ? { receipt: toReceipt(earlier), created: false } : undefined;
  };

  const found = await findCurrentEventWithRace(db, input.discipline, input.raceType);
  if (!found)
    throw new Problem(503, 'Service Unavailable', 'No event is set up yet. Please try again later.');
  const { event, race } = found;
  if (!isRegistrationOpen(event)) {
    // A retry of a request that got through before the closing time still gets its receipt.
    const earlier = await earlierAnswer();
    if (earlier) return earlier;
    throw conflict(REGISTRATION_CLOSED);
  }
  if (!race)
    throw badRequest('Please check the form.', [
      { path: 'raceType', message: 'Choose a race type from the list' },
    ]);
  if (!event.tshirtSizes[input.discipline].includes(input.tshirtSize)) {
    throw badRequest('Please check the form.', [
      { path: 'tshirtSize', message: 'Choose a T-shirt size from the list' },
    ]);
  }

  const receipt = (reference: string): RegistrationReceipt => ({
    reference,
    discipline: input.discipline,
    raceType: race.label,
    feeUsd: race.feeUsd,
    feeZwg: race.feeZwg,
  });
  const mail = confirmationMail(
    event,
    { ...receipt(REFERENCE_PLACEHOLDER), email: input.email, firstName: input.firstName },
    env.PUBLIC_URL,
  );
  const values = {
    eventId: event.id,
    discipline: input.discipline,
    raceOptionId: race.id,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    mobile: input.mobile,
    nextOfKinMobile: input.nextOfKinMobile,
    age: input.age,
    gender: input.gender ?? null,
    tshirtSize: input.tshirtSize,
    termsVersion: event.termsVersion,
    consentedAt: new Date(),
    idempotencyKey: idempotencyKey ?? null,
    companyAccountId: companyAccountId ?? null,
  };

  try {
    const row =
      race.capacity === null
        ? await insertRegistrationWithMail(db, values, event.referencePrefix, mail)
        : await db.transaction(async (tx) => {
            await lockRace(tx, race.id);
            if ((await countActiveInRace(tx, race.id)) >= (race.capacity ?? 0)) throw conflict(RACE_FULL);
            return insertRegistrationWithMail(tx, values, event.referencePrefix, mail);
          });
    if (!row) {
      const earlier = await earlierAnswer();
      if (earlier) return earlier;
      throw new Error('the insert was skipped but no entry has its Idempotency-Key');
    }
    mailer.kick();
    return { receipt: receipt(row.reference), created: true };
  } catch (error) {
    // A concurrent request with the same key may have registered meanwhile, and so taken the person or the
    // race's last place: the retry answers that registration, not an error.
    const earlier = await earlierAnswer();
    if (earlier) return earlier;
    if (error instanceof Problem) throw error;
    if (uniqueViolation(error) === 'registrations_same_person') {
      const existing = await findActiveSamePerson(db, { eventId: event.id, ...input });
      if (existing) {
        await enqueueMail(db, confirmationMail(event, existing, env.PUBLIC_URL));
        mailer.kick();
      }
      throw conflict(
        `You are already registered as a ${input.discipline === 'run' ? 'runner' : 'cyclist'} with this name and email. ` +
          'We have sent your confirmation email again.',
      );
    }
    throw error;
  }
}

export async function searchEntrants({ database }: AppContext, text: string) {
  const event = await getCurrentEvent(database.db);
  return searchByName(database.db, event.id, text, 20);
}

/** A company's entries and what they owe together, per currency (fees are decimal strings). */
export async function teamOf({ database }: AppContext, companyAccountId: string) {
  const event = await getCurrentEvent(database.db);
  const entries = await listTeamEntries(database.db, event.id, companyAccountId);
  const cents = (amount: string | null) => Math.round(Number(amount ?? 0) * 100);
  const sum = (pick: (entry: (typeof entries)[number]) => string | null) =>
    (entries.reduce((total, entry) => total + cents(pick(entry)), 0) / 100).toFixed(2);
  return { entries, totals: { usd: sum((e) => e.feeUsd), zwg: sum((e) => e.feeZwg) } };
}
