import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailChanges, registrations } from '../../db/schema/index.ts';

type NewEmailChange = typeof emailChanges.$inferInsert;

/** Stores the entry's change, replacing one it was waiting for (whose link then opens nothing). */
export async function putEmailChange(db: Database, change: NewEmailChange) {
  await db
    .insert(emailChanges)
    .values(change)
    .onConflictDoUpdate({
      target: emailChanges.registrationId,
      set: {
        newEmail: change.newEmail,
        tokenDigest: change.tokenDigest,
        askedBy: change.askedBy,
        askedAt: change.askedAt ?? new Date(),
        expiresAt: change.expiresAt,
      },
    });
}

/** The change a link confirms while it has not expired, with its entry's reference. */
export async function findEmailChange(db: Database, digest: string, now: Date) {
  const [row] = await db
    .select({
      registrationId: emailChanges.registrationId,
      newEmail: emailChanges.newEmail,
      askedBy: emailChanges.askedBy,
      reference: registrations.reference,
    })
    .from(emailChanges)
    .innerJoin(registrations, eq(registrations.id, emailChanges.registrationId))
    .where(and(eq(emailChanges.tokenDigest, digest), gt(emailChanges.expiresAt, now)));
  return row;
}

/** Removes and answers the change a link confirms (once: a second click finds nothing). */
export async function takeEmailChange(db: Database, digest: string, now: Date) {
  const [row] = await db
    .delete(emailChanges)
    .where(and(eq(emailChanges.tokenDigest, digest), gt(emailChanges.expiresAt, now)))
    .returning();
  return row;
}

/** The change an entry waits for, if it has not expired. */
export async function pendingEmailChangeOf(db: Database, registrationId: string, now: Date) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.registrationId, registrationId), gt(emailChanges.expiresAt, now)));
  return row;
}
