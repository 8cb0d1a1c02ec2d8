import { type SQL, sql } from 'drizzle-orm';
import { events, registrationGroups, registrations } from './schema/index.ts';

/**
 * The code of the group an entry was registered with (CFR26-G3F9A2C's six hex digits), null for an entry alone:
 * what the statements' matching and the admin's search find a group by.
 */
export const groupCode: SQL<string | null> = sql<
  string | null
>`(select ${registrationGroups.code} from ${registrationGroups}
  where ${registrationGroups.id} = ${registrations.groupId})`;

/** The group reference of an entry registered with others (CFR26-G3F9A2C), null for an entry alone. */
export const groupReferenceOf: SQL<string | null> = sql<
  string | null
>`(select ${events.referencePrefix} || '-G' || ${registrationGroups.code}
  from ${registrationGroups} join ${events} on ${events.id} = ${registrationGroups.eventId}
  where ${registrationGroups.id} = ${registrations.groupId})`;
