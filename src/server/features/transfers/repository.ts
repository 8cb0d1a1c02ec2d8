import { and, eq, gt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  emailChanges,
  entryCharges,
  entryLinks,
  entryTransfers,
  mobileChanges,
  payLinks,
  registrations,
} from '../../db/schema/index.ts';

type NewTransfer = typeof entryTransfers.$inferInsert;

/** Stores the link giving an entry to someone, replacing one sent before (whose link then opens nothing). */
export async function putTransfer(tx: Transaction, transfer: NewTransfer) {
  await tx
    .insert(entryTransfers)
    .values(transfer)
    .onConflictDoUpdate({
      target: entryTransfers.registrationId,
      set: {
        tokenDigest: transfer.tokenDigest,
        sentTo: transfer.sentTo,
        createdAt: transfer.createdAt ?? new Date(),
        expiresAt: transfer.expiresAt,
      },
    });
}

/** The link waiting for an entry, if it has not expired. */
export async function waitingTransferOf(db: Database, registrationId: string, now: Date) {
  const [row] = await db
    .select({ sentTo: entryTransfers.sentTo, expiresAt: entryTransfers.expiresAt })
    .from(entryTransfers)
    .where(and(eq(entryTransfers.registrationId, registrationId), gt(entryTransfers.expiresAt, now)));
  return row;
}

/** The entry a transfer link gives, while the link has not expired. */
export async function findTransfer(db: Database, digest: string, now: Date) {
  const [row] = await db
    .select({ registrationId: entryTransfers.registrationId, expiresAt: entryTransfers.expiresAt })
    .from(entryTransfers)
    .where(and(eq(entryTransfers.tokenDigest, digest), gt(entryTransfers.expiresAt, now)));
  return row;
}

/** Removes and answers the transfer a link completes (once: a second use finds nothing). */
export async function takeTransfer(tx: Transaction, digest: string, now: Date) {
  const [row] = await tx
    .delete(entryTransfers)
    .where(and(eq(entryTransfers.tokenDigest, digest), gt(entryTransfers.expiresAt, now)))
    .returning();
  return row;
}

/** Withdraws the link waiting for an entry; says whether there was one. */
export async function dropTransferOf(tx: Transaction, registrationId: string) {
  const dropped = await tx
    .delete(entryTransfers)
    .where(eq(entryTransfers.registrationId, registrationId))
    .returning({ id: entryTransfers.registrationId });
  return dropped.length > 0;
}

/**
 * The entry becomes the new person's: his details replace the old holder's, and whatever opened it for the
 * old holder goes (every private link, a change of email he was waiting for).
 */
export async function handOverEntry(
  tx: Transaction,
  registrationId: string,
  details: Partial<typeof registrations.$inferInsert>,
) {
  await tx.update(registrations).set(details).where(eq(registrations.id, registrationId));
  await tx.delete(entryLinks).where(eq(entryLinks.registrationId, registrationId));
  // A pay link the old holder sent would show the new holder's first name to the old holder's payer.
  await tx.delete(payLinks).where(eq(payLinks.registrationId, registrationId));
  await tx.delete(emailChanges).where(eq(emailChanges.registrationId, registrationId));
  await tx.delete(mobileChanges).where(eq(mobileChanges.registrationId, registrationId));
}

/** A charge beside the race's fee (a transfer's), which what the entry owes includes from now on. */
export async function addCharge(tx: Transaction, charge: typeof entryCharges.$inferInsert) {
  await tx.insert(entryCharges).values(charge);
}
