import { type SQL, sql } from 'drizzle-orm';
import { registrationGroups, registrations } from './schema/index.ts';

/**
 * The code of the group an entry was registered with (CFR26-G3F9A2C's six hex digits), null for an entry alone:
 * what the statements' matching and the admin's search find a group by.
 */
export const groupCode: SQL<string | null> = sql<
  string | null
>`(select ${registrationGroups.code} from ${registrationGroups}
  where ${registrationGroups.id} = ${registrations.groupId})`;
