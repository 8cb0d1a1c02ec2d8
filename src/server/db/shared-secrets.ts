import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './handle.ts';
import { serverSecrets } from './schema/index.ts';

/**
 * The session secret every server on this PostgreSQL uses when SESSION_SECRET is not set: made by the first
 * server that starts, never replaced (that would sign everyone out).
 */
export async function sharedSessionSecret(db: Database): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: 'session', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, 'session'));
  if (!row) throw new Error('the shared session secret could not be kept');
  return row.value;
}
