import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { injectAs, setUpTestApp, signedInAs } from '../../../../tests/support/test-app.ts';
import { mailOutbox, registrations } from '../../db/schema/index.ts';
import { loggablePath } from '../../logger.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const mailsTo = (to: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(asc(mailOutbox.id));
const confirmTokenIn = (text: string | null | undefined) =>
  /\/ConfirmEmail\/([\w-]+)/.exec(text ?? '')?.[1] ?? '';
const entryOf = async (reference: string) =>
  (await db.select().from(registrations).where(eq(registrations.reference, reference)))[0];

/** The entry as the edit forms send it back, with these changes. */
const edited = (entry: ReturnType<typeof runnerEntry>, change: object = {}) => {
  const { discipline: _, consent: __, ...fields } = entry;
  return { ...fields, ...change };
};

async function registered(tag: string) {
  const entry = runnerEntry(tag);
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const { reference, myLink } = response.json();
  return { entry, reference: reference as string, token: String(myLink).replace('/My/', '') };
}

describe('a change of email asked on /My', () => {
  it('waits for the link mailed to the new address; the old address is told; the link confirms once', async () => {
    const { entry, reference, token } = await registered('mover');
    const saved = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { email: 'New.Home@example.com', tshirtSize: 'Large' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      email: entry.email,
      tshirtSize: 'Large',
      emailPending: { email: 'New.Home@example.com', until: expect.any(String) },
    });
    expect(await entryOf(reference)).toMatchObject({ email: entry.email, emailChangedAt: null });

    const [link] = await mailsTo('new.home@example.com');
    expect(link?.subject).toMatch(/confirm your email address/);
    expect(link?.text).toContain(reference);
    // Whatever was typed as the new address gets no name from the form, only the reference.
    expect(link?.text).not.toContain(entry.firstName);
    const [notice] = (await mailsTo(entry.email)).filter((mail) => mail.kind === 'email-change-notice');
    expect(notice?.text).toContain(reference);
    expect(notice?.text).toContain('N•••@example.com');
    expect(notice?.text).not.toContain('New.Home@');

    const confirmToken = confirmTokenIn(link?.text);
    // Opening the link (a mail scanner does) changes nothing.
    const opened = await visitor.get(`/api/email-changes/${confirmToken}`);
    expect(opened.json()).toEqual({ reference, email: 'New.Home@example.com' });
    expect((await entryOf(reference))?.email).toBe(entry.email);

    const confirmed = await visitor.post(`/api/email-changes/${confirmToken}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ reference, email: 'New.Home@example.com' });
    const after = await entryOf(reference);
    expect(after?.email).toBe('New.Home@example.com');
    expect(after?.emailChangedAt).toBeInstanceOf(Date);
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({
      email: 'New.Home@example.com',
      emailPending: null,
    });
    expect((await visitor.post(`/api/email-changes/${confirmToken}`)).statusCode).toBe(404);
    for (const wrong of [`${confirmToken.slice(0, -1)}x`, 'short']) {
      expect((await visitor.get(`/api/email-changes/${wrong}`)).statusCode).toBe(404);
    }

    const history = (await asAdmin.get(`/api/participants/${after?.id}`)).json().history as {
      by: string;
      summary: string;
    }[];
    expect(history.slice(0, 2)).toMatchObject([
      { by: 'the entrant', summary: 'Changed email (confirmed by the link mailed to the new address)' },
      { by: 'the entrant', summary: expect.stringMatching(/T-shirt; new email asked for, waiting/) },
    ]);
  });

  it('a newer change replaces the one waiting; an address gets few such mails an hour', async () => {
    const { entry, token } = await registered('twice');
    await visitor.put(`/api/my/${token}`, edited(entry, { email: 'first@example.com' }));
    await visitor.put(`/api/my/${token}`, edited(entry, { email: 'second@example.com' }));
    const first = confirmTokenIn((await mailsTo('first@example.com'))[0]?.text);
    expect((await visitor.post(`/api/email-changes/${first}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/my/${token}`)).json().emailPending.email).toBe('second@example.com');

    await visitor.put(`/api/my/${token}`, edited(entry, { email: 'second@example.com' }));
    await visitor.put(`/api/my/${token}`, edited(entry, { email: 'second@example.com' }));
    const over = await visitor.put(`/api/my/${token}`, edited(entry, { email: 'second@example.com' }));
    expect(over.statusCode).toBe(429);
    expect(await mailsTo('second@example.com')).toHaveLength(3);
  });

  it('the same address in other letter case changes at once: it is the same mailbox', async () => {
    const { entry, reference, token } = await registered('case');
    const saved = await visitor.put(`/api/my/${token}`, edited(entry, { email: entry.email.toUpperCase() }));
    expect(saved.json()).toMatchObject({ email: entry.email.toUpperCase(), emailPending: null });
    expect((await entryOf(reference))?.emailChangedAt).toBeNull();
  });

  it('keeps the confirmation link out of the log', () => {
    expect(loggablePath('/ConfirmEmail/abcdefghijklmnopqrstuvwxyz012345')).toBe('/ConfirmEmail/[token]');
    expect(loggablePath('/api/email-changes/abcdefghijklmnopqrstuvwxyz012345')).toBe(
      '/api/email-changes/[token]',
    );
  });
});

describe('a change of email by others', () => {
  it("a team manager's change waits for the new address too", async () => {
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    const staff = runnerEntry('staff');
    const created = await asCompany.post('/api/team/registrations', staff);
    expect(created.statusCode).toBe(201);
    const { reference } = created.json();
    const id = (await entryOf(reference))?.id;
    const changed = await asCompany.put(
      `/api/team/registrations/${id}`,
      edited(staff, { email: 'staff.home@example.com' }),
    );
    expect(changed.statusCode).toBe(204);
    expect((await entryOf(reference))?.email).toBe(staff.email);
    expect(await mailsTo('staff.home@example.com')).toHaveLength(1);
    const notices = (await mailsTo(staff.email)).filter((mail) => mail.kind === 'email-change-notice');
    expect(notices).toHaveLength(1);
    const token = confirmTokenIn((await mailsTo('staff.home@example.com'))[0]?.text);
    expect((await visitor.post(`/api/email-changes/${token}`)).statusCode).toBe(200);
    expect((await entryOf(reference))?.email).toBe('staff.home@example.com');
  });

  it("an admin's change is made at once, and when it changed is kept", async () => {
    const { entry, reference } = await registered('by-admin');
    const id = (await entryOf(reference))?.id;
    const changed = await asAdmin.put(
      `/api/participants/${id}`,
      edited(entry, { email: 'told.by.phone@example.com' }),
    );
    expect(changed.statusCode).toBe(200);
    const after = await entryOf(reference);
    expect(after?.email).toBe('told.by.phone@example.com');
    expect(after?.emailChangedAt).toBeInstanceOf(Date);
  });
});
