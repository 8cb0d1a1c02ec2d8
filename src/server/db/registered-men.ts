import { and, sql } from 'drizzle-orm';
import { facilitators, men, user } from './schema/index.ts';

/**
 * A man's row that is not an approved facilitator's. A person is counted once, in the register of his role:
 * a facilitator who also has a man's row (he signed up before he was approved, or joined as a man first)
 * is a facilitator. The same person is the same account, or the same email where a row is not linked yet.
 */
const notAFacilitator = sql`not exists (
  select 1 from ${facilitators}
  where ${facilitators.status} = 'approved'
    and (${facilitators.userId} = ${men.userId} or lower(${facilitators.email}) = lower(${men.email}))
)`;

/**
 * A man's row that only an account's sign-up made: a confirmed sign-up at /SignUp gives a participant an
 * incomplete record (people's linkVerifiedAccount), and volunteers and admins signed up there before they
 * could be invited. Once the account has another role, a record still incomplete is not a man's of the
 * programme; one filled in (he joined, or his details were completed) still is, whatever else he does.
 */
const onlyAStaffSignUp = sql`${men.status} = 'incomplete' and exists (
  select 1 from ${user} where ${user.id} = ${men.userId} and ${user.role} <> 'participant'
)`;

/**
 * The men of the programme: every list and count of them (the register, the cell-group picker and groups,
 * attendance, submissions, the dashboard) filters with this.
 */
export const aManOfTheProgramme = and(notAFacilitator, sql`not (${onlyAStaffSignUp})`);
