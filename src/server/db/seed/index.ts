import type { Database } from '../client.ts';
import { seedEvents } from './events.ts';
import { seedProgramme } from './programme.ts';

/** Idempotent: run at every start. Each domain adds its step here. */
export async function seed(db: Database) {
  await seedEvents(db);
  await seedProgramme(db);
}
