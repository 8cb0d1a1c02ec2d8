import type { PendingMobile } from '../../../shared/registrations/mobile-change.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { badRequest, conflict, Problem } from '../../http/problem.ts';
import { ENTRANT_TEXTS } from '../../sms/entrant-texts.ts';
import { queueSms } from '../../sms/repository.ts';
import { oneSegment } from '../../sms/sms-text.ts';
import { keyedDigest, newTextedCode, sameDigest } from '../../sms/texted-code.ts';
import { countWrongCode, pendingMobileChangeOf, putMobileChange, takeMobileChange } from './repository.ts';

/** How long the code texted to a new number changes the mobile. */
export const MOBILE_CODE_MINUTES = 15;
/** Wrong codes before the change is void (a new one must be asked for). */
export const MOBILE_CODE_TRIES = 5;
/** Codes texted to one number an hour. */
export const MOBILE_CODES_PER_HOUR = 3;
/** The outbox's names for these texts. */
export const MOBILE_CODE_KIND = 'mobile-change-code';
export const MOBILE_CHANGED_KIND = 'mobile-changed';

const NO_CODE_WAITING =
  'No code is waiting for this entry: it may have expired or had too many wrong tries. Save the new mobile again to get a new code.';

/** Tied to its entry, so that one digest says nothing of another entry's code. */
const codeDigest = (secret: string, registrationId: string, code: string) =>
  keyedDigest(secret, `${registrationId}:${code}`);

export interface MobileChangeAsked {
  entry: { id: string; reference: string };
  /** E.164 */
  newMobile: string;
  eventId: string;
  eventTitle: string;
  /** The server's secret, which keys the code's digest. */
  secret: string;
}

/**
 * Asks for an entry's mobile to change (in the caller's transaction): a code is texted to the new number at
 * once (a reply to the entrant's own action, so not held for the sending hours), and nothing changes until it
 * is entered. The new number is whatever was typed, so the text carries no name, and each number gets few
 * codes an hour: over that the change is refused (429) and nothing is kept.
 */
export async function askMobileChange(tx: Transaction, asked: MobileChangeAsked, now = new Date()) {
  const code = newTextedCode();
  const queued = await queueSms(statementsOn(tx), {
    eventId: asked.eventId,
    registrationId: asked.entry.id,
    to: asked.newMobile,
    kind: MOBILE_CODE_KIND,
    body: oneSegment(
      asked.eventTitle,
      ENTRANT_TEXTS.mobileCode({ reference: asked.entry.reference, code, minutes: MOBILE_CODE_MINUTES }),
    ),
    // Without it the mobile could not change at all: the edition's cap does not stop it.
    essential: true,
    perNumber: { max: MOBILE_CODES_PER_HOUR, seconds: 3600 },
  });
  if (!queued) {
    throw new Problem(
      429,
      'Too Many Requests',
      'Several codes went to this number in the last hour: please try again later.',
    );
  }
  await putMobileChange(tx, {
    registrationId: asked.entry.id,
    newMobile: asked.newMobile,
    codeDigest: codeDigest(asked.secret, asked.entry.id, code),
    askedAt: now,
    expiresAt: new Date(now.getTime() + MOBILE_CODE_MINUTES * 60_000),
  });
}

/**
 * Checks the code entered for an entry's waiting change. A wrong one is counted (at MOBILE_CODE_TRIES the
 * change is void) and refused (400 on the field `code`); none waiting is 409. Answers the code's digest, which
 * takeConfirmedMobile then takes in the change's transaction.
 */
export async function checkMobileCode(
  db: Database,
  secret: string,
  registrationId: string,
  code: string,
  now = new Date(),
) {
  const change = await pendingMobileChangeOf(db, registrationId, now);
  if (!change || change.tries >= MOBILE_CODE_TRIES) throw conflict(NO_CODE_WAITING, 'no_code_waiting');
  const digest = codeDigest(secret, registrationId, code);
  if (sameDigest(digest, change.codeDigest)) return digest;
  const left = await countWrongCode(db, registrationId, change.codeDigest, MOBILE_CODE_TRIES);
  const message =
    left > 0
      ? `That is not the code we sent: ${left} ${left === 1 ? 'try' : 'tries'} left.`
      : 'That is not the code we sent, and there are no tries left: save the new mobile again to get a new code.';
  throw badRequest(message, [{ path: 'code', message }]);
}

/** Takes the change whose code was entered, in the caller's transaction; 409 when it is gone meanwhile. */
export async function takeConfirmedMobile(
  tx: Database,
  registrationId: string,
  digest: string,
  now = new Date(),
) {
  const change = await takeMobileChange(tx, registrationId, digest, now);
  if (!change) throw conflict(NO_CODE_WAITING, 'no_code_waiting');
  return change;
}

/** Tells the number the entry had that it is no longer the entry's (in the caller's transaction). */
export async function textOldMobile(
  tx: Transaction,
  old: { registrationId: string; reference: string; mobile: string },
  event: { id: string; title: string; contactPhone: string },
) {
  await queueSms(statementsOn(tx), {
    eventId: event.id,
    registrationId: old.registrationId,
    to: old.mobile,
    kind: MOBILE_CHANGED_KIND,
    // How a change by someone else holding the link is noticed: past the edition's cap too.
    essential: true,
    body: oneSegment(
      event.title,
      ENTRANT_TEXTS.mobileChanged({ reference: old.reference, contactPhone: event.contactPhone }),
    ),
  });
}

/** The code an entry waits for, shown on /My. */
export async function pendingMobileChange(
  db: Database,
  registrationId: string,
  now = new Date(),
): Promise<PendingMobile> {
  const change = await pendingMobileChangeOf(db, registrationId, now);
  return change && change.tries < MOBILE_CODE_TRIES
    ? { mobile: change.newMobile, until: change.expiresAt.toISOString() }
    : null;
}
