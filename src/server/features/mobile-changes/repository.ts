import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mobileChanges } from '../../db/schema/index.ts';

type NewMobileChange = typeof mobileChanges.$inferInsert;

/** Stores the entry's change, replacing one it was waiting for (whose code then changes nothing). */
export async function putMobileChange(db: Database, change: NewMobileChange) {
  await db
    .insert(mobileChanges)
    .values(change)
    .onConflictDoUpdate({
      target: mobileChanges.registrationId,
      set: {
        newMobile: change.newMobile,
        codeDigest: change.codeDigest,
        tries: 0,
        askedAt: change.askedAt ?? new Date(),
        expiresAt: change.expiresAt,
      },
    });
}

/** The change an entry waits for, if it has not expired. */
export async function pendingMobileChangeOf(db: Database, registrationId: string, now: Date) {
  const [row] = await db
    .select()
    .from(mobileChanges)
    .where(and(eq(mobileChanges.registrationId, registrationId), gt(mobileChanges.expiresAt, now)));
  return row;
}

/** Counts a wrong code; at `max` wrong codes the change is void (removed). Answers the tries left. */
export async function countWrongCode(db: Database, registrationId: string, digest: string, max: number) {
  const [row] = await db
    .update(mobileChanges)
    .set({ tries: sql`${mobileChanges.tries} + 1` })
    .where(and(eq(mobileChanges.registrationId, registrationId), eq(mobileChanges.codeDigest, digest)))
    .returning({ tries: mobileChanges.tries });
  if (!row) return 0;
  if (row.tries >= max) {
    await db.delete(mobileChanges).where(eq(mobileChanges.registrationId, registrationId));
    return 0;
  }
  return max - row.tries;
}

/** Removes and answers the change whose code was entered (once: a second try finds nothing). */
export async function takeMobileChange(db: Database, registrationId: string, digest: string, now: Date) {
  const [row] = await db
    .delete(mobileChanges)
    .where(
      and(
        eq(mobileChanges.registrationId, registrationId),
        eq(mobileChanges.codeDigest, digest),
        gt(mobileChanges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
