import type { Database } from '../client.ts';
import { type FirstEdition, seedEvents } from './events.ts';
import { seedProgramme } from './programme.ts';

/** Idempotent: run at every start. Each domain adds its step here. */
export async function seed(db: Database, firstEdition?: FirstEdition) {
  await seedEvents(db, firstEdition);
  await seedProgramme(db);
}
