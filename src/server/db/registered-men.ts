import { sql } from 'drizzle-orm';
import { facilitators, men } from './schema/index.ts';

/**
 * A man's row that is not an approved facilitator's. A person is counted once, in the register of his role:
 * a facilitator who also has a man's row (he signed up before he was approved, or joined as a man first)
 * is a facilitator. The same person is the same account, or the same email where a row is not linked yet.
 * Every list and count of the men's register filters with this.
 */
export const notAFacilitator = sql`not exists (
  select 1 from ${facilitators}
  where ${facilitators.status} = 'approved'
    and (${facilitators.userId} = ${men.userId} or lower(${facilitators.email}) = lower(${men.email}))
)`;
