import { type SQL, sql } from 'drizzle-orm';
import { registrations } from './schema/index.ts';

/**
 * A company's team code: the first six hex digits of md5(account id), upper case. Worked out by
 * PostgreSQL, so that the team page that shows it and the admin's search that finds the team by it agree.
 */
export const teamCode: SQL<string> = sql<string>`upper(substr(md5(${registrations.companyAccountId}), 1, 6))`;
