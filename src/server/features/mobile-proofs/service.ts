import { randomBytes, randomUUID } from 'node:crypto';
import {
  MOBILE_CODE_WRONG,
  MOBILE_CODES_OFF,
  MOBILE_PROOF_EXPIRED,
  type MobileProofAnswer,
} from '../../../shared/privacy/mobile-proof.ts';
import type { AppContext } from '../../context.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { MOBILE_PROOF_LIMITS } from '../../http/limits.ts';
import { badRequest, conflict, forbidden, Problem } from '../../http/problem.ts';
import { queueSms } from '../../sms/repository.ts';
import { oneSegment } from '../../sms/sms-text.ts';
import { keyedDigest, newTextedCode, sameDigest } from '../../sms/texted-code.ts';
import { type AccessFormat, dataOfMobile } from '../access-requests/service.ts';
import { askForMobile, mobileLabel, reachOfMobile } from '../erasure/service.ts';
import { getCurrentEvent, textsOn } from '../events/service.ts';
import {
  codesAskedSince,
  countWrongTry,
  forgetOldProofs,
  insertProof,
  keepProof,
  liveCodeOf,
  lockNumber,
  numberOfProof,
} from './repository.ts';

const MINUTE = 60 * 1000;
const { perNumber, codeMinutes, wrongTries, proofMinutes } = MOBILE_PROOF_LIMITS;

const codeDigest = (secret: string, proofId: string, code: string) =>
  keyedDigest(secret, `mobile-code:${proofId}:${code}`);
const proofDigest = (secret: string, proof: string) => keyedDigest(secret, `mobile-proof:${proof}`);

/**
 * Texts a 6-digit code to the number, only when it has records (the caller answers the same either way). A code
 * is counted against the number whether or not it was sent, so the limit says nothing about the records either.
 * The text goes at once (a reply, not held for the sending hours), in one segment, with no name.
 */
export async function sendCode({ database, secret, sms }: AppContext, mobile: string, now = new Date()) {
  const { db } = database;
  const event = await getCurrentEvent(db);
  if (!textsOn(event)) throw conflict(MOBILE_CODES_OFF);
  const code = newTextedCode();
  const queued = await db.transaction(async (tx) => {
    await lockNumber(tx, mobile);
    await forgetOldProofs(tx, now);
    if ((await codesAskedSince(tx, mobile, new Date(now.getTime() - perNumber.window))) >= perNumber.max) {
      throw new Problem(
        429,
        'Too Many Requests',
        'Several codes were asked for this number in the last hour: please try again later.',
      );
    }
    const id = randomUUID();
    await insertProof(tx, {
      id,
      mobile,
      codeDigest: codeDigest(secret, id, code),
      codeExpiresAt: new Date(now.getTime() + codeMinutes * MINUTE),
      createdAt: now,
    });
    const reach = await reachOfMobile(tx, mobile);
    const records =
      reach.registrationIds.length +
      reach.waitlistIds.length +
      reach.menIds.length +
      reach.facilitatorIds.length;
    if (records === 0) return false;
    return queueSms(statementsOn(tx), {
      eventId: event.id,
      to: mobile,
      kind: 'mobile-code',
      body: oneSegment(
        event.title,
        `your code is ${code}. It is valid for ${codeMinutes} minutes. Do not share it: it opens your data.`,
      ),
      publicAction: true,
      perNumber: { max: perNumber.max, seconds: perNumber.window / 1000 },
    });
  });
  if (queued) sms.kick();
}

/**
 * The code typed back: right, it is spent and gives a proof that lasts half an hour; wrong, the try is
 * counted (the fifth voids the code). Only the number's newest code counts.
 */
export async function checkCode(
  { database, secret }: AppContext,
  mobile: string,
  code: string,
  now = new Date(),
): Promise<MobileProofAnswer> {
  const { db } = database;
  const answer = await db.transaction(async (tx) => {
    const live = await liveCodeOf(tx, mobile, now, wrongTries);
    if (!live) return undefined;
    if (!sameDigest(live.codeDigest, codeDigest(secret, live.id, code))) {
      await countWrongTry(tx, live.id);
      return undefined;
    }
    const proof = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + proofMinutes * MINUTE);
    await keepProof(tx, live.id, proofDigest(secret, proof), expiresAt, now);
    return { proof, expiresAt: expiresAt.toISOString() };
  });
  // Thrown after the transaction, so that the wrong try stays counted.
  if (!answer) throw badRequest(MOBILE_CODE_WRONG, [{ path: 'code', message: MOBILE_CODE_WRONG }]);
  return answer;
}

async function provenNumber({ database, secret }: AppContext, proof: string, now = new Date()) {
  const mobile = await numberOfProof(database.db, proofDigest(secret, proof), now);
  if (!mobile) throw forbidden(MOBILE_PROOF_EXPIRED);
  return mobile;
}

/** "Download my data": everything held under the proven number. */
export async function downloadByProof(context: AppContext, proof: string, format: AccessFormat) {
  const mobile = await provenNumber(context, proof);
  return dataOfMobile(context, { number: mobile, label: mobileLabel(mobile) }, format);
}

/** "Ask to erase my data": a request about every record under the proven number, for an admin to confirm. */
export async function askErasureByProof(context: AppContext, proof: string, reason?: string) {
  const mobile = await provenNumber(context, proof);
  return askForMobile(context.database.db, mobile, reason);
}
