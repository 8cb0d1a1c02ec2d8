import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mobileProofs } from '../../db/schema/index.ts';

type NewProof = typeof mobileProofs.$inferInsert;

/** Inside a transaction: one request for a number at a time, so its count of codes holds. */
export async function lockNumber(db: Database, mobile: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mobile-proof:${mobile}`}))`);
}

/** Rows a day old are of no use any more (a code lasts minutes, a proof half an hour). */
export async function forgetOldProofs(db: Database, now: Date) {
  await db.delete(mobileProofs).where(lt(mobileProofs.createdAt, new Date(now.getTime() - 24 * 3600 * 1000)));
}

export async function codesAskedSince(db: Database, mobile: string, since: Date) {
  const [row] = await db
    .select({ codes: count() })
    .from(mobileProofs)
    .where(and(eq(mobileProofs.mobile, mobile), gt(mobileProofs.createdAt, since)));
  return Number(row?.codes ?? 0);
}

export async function insertProof(db: Database, values: NewProof) {
  await db.insert(mobileProofs).values(values);
}

/** The number's newest code, locked, if it is still to be entered (neither used, expired nor worn out). */
export async function liveCodeOf(db: Database, mobile: string, now: Date, wrongTries: number) {
  const [row] = await db
    .select()
    .from(mobileProofs)
    .where(eq(mobileProofs.mobile, mobile))
    .orderBy(desc(mobileProofs.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.proofDigest !== null || row.codeExpiresAt <= now || row.wrongTries >= wrongTries) return;
  return row;
}

export async function countWrongTry(db: Database, id: string) {
  await db
    .update(mobileProofs)
    .set({ wrongTries: sql`${mobileProofs.wrongTries} + 1` })
    .where(eq(mobileProofs.id, id));
}

/** The code was right: it is spent, and the proof it gave is kept (its digest). */
export async function keepProof(db: Database, id: string, proofDigest: string, expiresAt: Date, now: Date) {
  await db
    .update(mobileProofs)
    .set({ proofDigest, proofExpiresAt: expiresAt, codeExpiresAt: now })
    .where(and(eq(mobileProofs.id, id), isNull(mobileProofs.proofDigest)));
}

/** The number a proof stands for, while it lasts. */
export async function numberOfProof(db: Database, proofDigest: string, now: Date) {
  const [row] = await db
    .select({ mobile: mobileProofs.mobile })
    .from(mobileProofs)
    .where(and(eq(mobileProofs.proofDigest, proofDigest), gt(mobileProofs.proofExpiresAt, now)));
  return row?.mobile;
}
