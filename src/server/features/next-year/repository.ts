import { lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextEditionSignups } from '../../db/schema/index.ts';

export async function insertSignup(db: Database, signup: { email: string; eventId: string }) {
  await db.insert(nextEditionSignups).values(signup);
}

/** Deletes the addresses given for other editions than `eventId` (the one being published), answering them. */
export async function takeSignupsBefore(db: Database, eventId: string) {
  return db
    .delete(nextEditionSignups)
    .where(ne(nextEditionSignups.eventId, eventId))
    .returning({ email: nextEditionSignups.email });
}

/** Deletes the addresses given before `since`; answers how many went. */
export async function deleteSignupsBefore(db: Database, since: Date) {
  const gone = await db
    .delete(nextEditionSignups)
    .where(lt(nextEditionSignups.consentedAt, since))
    .returning({ id: nextEditionSignups.id });
  return gone.length;
}
