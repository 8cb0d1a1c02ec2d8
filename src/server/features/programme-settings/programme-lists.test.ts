import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manForm } from '../../../../tests/support/entries.ts';
import { setUpTestApp, signedInAs, signedUpAndConfirmed } from '../../../../tests/support/test-app.ts';
import type { Role } from '../../../shared/accounts/account.ts';
import { assignments, cellGroupMembers, facilitators, men, user } from '../../db/schema/index.ts';

const { app, db, asAdmin } = setUpTestApp();

/**
 * Someone who made an account at /SignUp and confirmed it (which gives a participant a man's record, incomplete),
 * then was given `role` by an admin: how volunteers and admins were made before they could be invited.
 */
async function signedUpThenMade(role: Role, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  expect((await signedUpAndConfirmed(app, name, email)).statusCode).toBe(302);
  const [account] = await db.select().from(user).where(eq(user.email, email));
  const [record] = await db.select().from(men).where(eq(men.email, email));
  if (!account || !record) throw new Error(`no account or record for ${email}`);
  if (role !== 'participant') {
    expect((await asAdmin.patch(`/api/accounts/${account.id}`, { role })).statusCode).toBe(200);
  }
  return { accountId: account.id, manId: record.id, name };
}

const surnames = (rows: { lastName: string }[]) => rows.map((row) => row.lastName).sort();

describe("the programme's lists of men", () => {
  it('leave out volunteers, admins, company accounts and facilitators who only made an account', async () => {
    const man = await signedUpThenMade('participant', 'Tinashe Participant');
    const staff = [
      await signedUpThenMade('volunteer', 'Vimbai Volunteer'),
      await signedUpThenMade('admin', 'Anesu Admin'),
      await signedUpThenMade('company', 'Chiedza Company'),
      await signedUpThenMade('facilitator', 'Farai Facilitator'),
    ];
    // A man of the programme (his record filled in) who also checks runners in on race morning stays one.
    const volunteeringMan = await signedUpThenMade('participant', 'Kuda Volunteering');
    const filledIn = await asAdmin.put(`/api/men/${volunteeringMan.manId}`, {
      ...manForm('Volunteering', { firstName: 'Kuda', email: 'kuda.volunteering@example.com' }),
      age: 40,
    });
    expect(filledIn.statusCode, filledIn.body).toBe(200);
    expect(filledIn.json().status).toBe('active');
    expect(
      (await asAdmin.patch(`/api/accounts/${volunteeringMan.accountId}`, { role: 'volunteer' })).statusCode,
    ).toBe(200);
    // A man joined by the form; and an approved facilitator, who was never one.
    expect((await asAdmin.post('/api/men', manForm('Joined'))).statusCode).toBe(201);
    const leader = await signedInAs(app, 'facilitator');
    const [facilitator] = await db
      .insert(facilitators)
      .values({
        firstName: 'Tatenda',
        lastName: 'Leader',
        email: leader.email,
        mobile: '+263771234567',
        status: 'approved',
        userId: leader.id,
      })
      .returning();
    const menOfTheProgramme = ['Joined', 'Participant', 'Volunteering'];

    // The register, which is also the cell-group picker's list.
    const register = await asAdmin.get('/api/men?pageSize=5000&sort=lastName');
    expect(register.statusCode).toBe(200);
    expect(surnames(register.json().rows)).toEqual(menOfTheProgramme);
    expect(register.json().total).toBe(3);

    // Programme settings → Submissions.
    const [assignment] = await db.select().from(assignments).orderBy(assignments.dueOn);
    const report = await asAdmin.get(`/api/programme/assignments/${assignment?.id}/submissions`);
    expect(report.statusCode).toBe(200);
    expect(surnames(report.json().men)).toEqual(menOfTheProgramme);

    // The dashboard's count.
    expect((await asAdmin.get('/api/dashboard/programme')).json()).toMatchObject({ men: 3, facilitators: 1 });

    // A cell group made while the staff were participants: they are no longer shown in it, in the settings or
    // at attendance, and a group cannot take them in now.
    const made = await asAdmin.post('/api/programme/groups', {
      name: 'Old group',
      facilitatorId: facilitator?.id ?? null,
      memberIds: [man.manId, volunteeringMan.manId],
    });
    expect(made.statusCode).toBe(201);
    await db.insert(cellGroupMembers).values(staff.map(({ manId }) => ({ manId, groupId: made.json().id })));
    const groups = (await asAdmin.get('/api/programme/groups')).json();
    expect(groups[0].memberIds.sort()).toEqual([man.manId, volunteeringMan.manId].sort());
    const attendance = (await asAdmin.get('/api/groups')).json();
    expect(surnames(attendance[0].members)).toEqual(['Participant', 'Volunteering']);
    const taking = await asAdmin.put(`/api/programme/groups/${made.json().id}`, {
      name: 'Old group',
      facilitatorId: facilitator?.id ?? null,
      memberIds: [man.manId, ...staff.map(({ manId }) => manId)],
    });
    expect(taking.statusCode).toBe(409);
  });
});
