import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/accounts/account.ts';
import type { PersonData, PersonKind } from '../../../shared/programme/people.ts';
import type { AppContext } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { session, user } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { findPerson, type PersonRow, tableFor, unlinkedByEmail } from './people-repository.ts';

const DUPLICATE: Record<PersonKind, string> = {
  men: 'This email address is already registered in the programme. Use another, or ask the office to update the record.',
  facilitators: 'This email address has already applied to be a facilitator. The office will be in touch.',
};

type NewPerson =
  | Omit<PersonData, 'website'>
  | Pick<PersonData, 'firstName' | 'lastName' | 'email' | 'mobile'>;

async function insertPerson(db: Database, kind: PersonKind, values: NewPerson & { status: string }) {
  const table = tableFor(kind);
  try {
    const [row] = await db
      .insert(table)
      .values(values as never)
      .returning();
    return row as PersonRow;
  } catch (error) {
    if (uniqueViolation(error)?.endsWith('_email')) throw conflict(DUPLICATE[kind]);
    throw error;
  }
}

/**
 * The "Be That Man" forms. A man is registered at once. A facilitator applies and waits for an admin's
 * Approve: only an admin may grant the role, so only an admin's form registers one directly. Anyone else's
 * form, a signed-in facilitator's included, files an applicant whatever the email (else he could make any
 * account a facilitator).
 */
export async function joinProgramme(
  context: AppContext,
  kind: PersonKind,
  input: PersonData,
  caller: CurrentUser | null,
) {
  const { website, ...fields } = input;
  // A filled-in hidden field is a bot: answer as usual, keep nothing.
  if (website) return { message: thanks(kind, false) };
  const direct = caller?.role === 'admin';
  const status = kind === 'men' ? 'active' : direct ? 'approved' : 'applicant';
  const row = await insertPerson(context.database.db, kind, { ...fields, status });
  if (kind === 'facilitators' && status === 'approved') await grantFacilitatorAccess(context, row);
  return { message: thanks(kind, direct) };
}

function thanks(kind: PersonKind, direct: boolean) {
  if (kind === 'men') return 'Welcome to the movement! You are registered.';
  return direct
    ? 'The facilitator is registered.'
    : 'Thank you for applying. The programme office will review your application and let you know.';
}

/** The desk form: names, email and phone; the rest is filled in later, so the record is marked incomplete. */
export async function quickJoin(
  context: AppContext,
  input: Pick<PersonData, 'firstName' | 'lastName' | 'email' | 'mobile'> & { website?: string },
) {
  const { website, ...fields } = input;
  if (website) return { message: 'Thank you. You are registered.' };
  await insertPerson(context.database.db, 'men', { ...fields, status: 'incomplete' });
  return { message: 'Thank you. You are registered.' };
}

export async function editPerson(
  { database }: AppContext,
  kind: PersonKind,
  id: string,
  change: {
    firstName: string;
    lastName: string;
    email: string;
    mobile?: string;
    maritalStatus: string | null;
    church: string | null;
    age: number | null;
    address: string | null;
  },
) {
  const table = tableFor(kind);
  const complete = change.mobile && change.maritalStatus && change.church && change.age && change.address;
  try {
    const [row] = await database.db
      .update(table)
      .set({
        ...change,
        mobile: change.mobile ?? '',
        ...(kind === 'men' ? { status: complete ? 'active' : 'incomplete' } : {}),
        updatedAt: new Date(),
      } as never)
      .where(eq(table.id, id))
      .returning();
    if (!row) throw notFound('There is no such record.');
    return row as PersonRow;
  } catch (error) {
    if (uniqueViolation(error)?.endsWith('_email'))
      throw conflict('Another record already uses this email address.');
    throw error;
  }
}

export async function deletePerson({ database }: AppContext, kind: PersonKind, id: string) {
  const table = tableFor(kind);
  const deleted = await database.db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (deleted.length === 0) throw notFound('There is no such record.');
}

export async function decideApplication(context: AppContext, id: string, decision: 'approved' | 'declined') {
  const { db } = context.database;
  const row = await findPerson(db, 'facilitators', id);
  if (!row) throw notFound('There is no such record.');
  const table = tableFor('facilitators');
  const [updated] = await db
    .update(table)
    .set({ status: decision, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  if (decision === 'approved' && updated) await grantFacilitatorAccess(context, updated as PersonRow);
  return (await findPerson(db, 'facilitators', id)) as PersonRow;
}

/**
 * An approved facilitator with an account gets the facilitator role (his sessions end, so the next sign-in
 * carries it); one without an account is invited to create one with this email, which then gets the role.
 */
async function grantFacilitatorAccess(context: AppContext, person: PersonRow) {
  const { db } = context.database;
  const [account] = await db
    .select()
    .from(user)
    .where(person.userId ? eq(user.id, person.userId) : sql`lower(${user.email}) = lower(${person.email})`);
  if (account?.emailVerified) {
    await linkFacilitator(db, person.id, account.id, account.role);
    return;
  }
  await enqueueMail(db, {
    to: person.email,
    subject: 'You are now a Celebration facilitator',
    text: [
      `Dear ${person.firstName},`,
      '',
      'The programme office has approved you as a facilitator of the men’s programme.',
      `Create your account with this email address at ${context.env.PUBLIC_URL}/SignUp — it will open the facilitator pages.`,
    ].join('\n'),
  });
  context.mailer.kick();
}

async function linkFacilitator(db: Database, facilitatorId: string, userId: string, role: string) {
  const table = tableFor('facilitators');
  await db.update(table).set({ userId }).where(eq(table.id, facilitatorId));
  // Never lower an admin; a participant or a company becomes a facilitator.
  if (role !== 'admin' && role !== 'facilitator') {
    await db.update(user).set({ role: 'facilitator' }).where(eq(user.id, userId));
    await db.delete(session).where(eq(session.userId, userId));
  }
}

/**
 * When an account's email is verified: link it to the man or approved facilitator with that email; a
 * participant without a record gets one from his name and email (incomplete until the rest is filled in).
 */
export async function linkVerifiedAccount(db: Database, verified: { id: string }) {
  const [account] = await db.select().from(user).where(eq(user.id, verified.id));
  if (!account) return;
  const facilitator = await unlinkedByEmail(db, 'facilitators', account.email);
  if (facilitator?.status === 'approved') {
    await linkFacilitator(db, facilitator.id, account.id, account.role);
    return;
  }
  if (account.role !== 'participant') return;
  const man = await unlinkedByEmail(db, 'men', account.email);
  const table = tableFor('men');
  if (man) {
    await db.update(table).set({ userId: account.id }).where(eq(table.id, man.id));
    return;
  }
  const [firstName, ...rest] = account.name.trim().split(/\s+/);
  await db
    .insert(table)
    .values({
      firstName: firstName || account.name,
      lastName: rest.join(' '),
      email: account.email,
      mobile: '',
      status: 'incomplete',
      userId: account.id,
    })
    .onConflictDoNothing();
}
