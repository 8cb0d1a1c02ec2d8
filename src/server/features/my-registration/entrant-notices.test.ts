import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { injectAs, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { mailOutbox, raceOptions, registrations } from '../../db/schema/index.ts';
import { ENTRY_CHANGE_NOTICES } from '../../http/limits.ts';

const { app, db, admin } = setUpTestApp();

const visitor = injectAs(app);
const runner = runnerSeries();

/** Registers, and answers the entry and its token as the confirmation mail carries it. */
async function registered(entry = runner()) {
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, entry.email));
  const token = /\/My\/([\w-]{32})/.exec(mail?.text ?? '')?.[1] ?? '';
  return { entry, reference: response.json().reference as string, token };
}

/** The entry as the edit form sends it back, with these changes. */
const edited = (entry: ReturnType<typeof runner>, change: object = {}) => {
  const { discipline: _, consent: __, ...fields } = entry;
  return { ...fields, ...change };
};

const mailsOf = (kind: string, to?: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), to ? eq(mailOutbox.to, to) : undefined))
    .orderBy(asc(mailOutbox.id));

describe('changes and cancellations on /My are mailed to the entry', () => {
  it('mails each change to the entry’s address, saying what changed, so a holder of a forwarded link is noticed', async () => {
    const { entry, reference, token } = await registered(runner({ raceType: '10km', tshirtSize: 'Large' }));
    const saved = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { raceType: '21km', tshirtSize: 'Medium', mobile: '0779999999' }),
    );
    expect(saved.statusCode).toBe(200);
    const [mail] = await mailsOf('entry-changed');
    expect(mail?.to).toBe(entry.email);
    expect(mail?.subject).toBe(`Celebration Fun Run: your entry ${reference} was changed`);
    expect(mail?.text).toBe(
      [
        'Dear Tendai,',
        '',
        `Your entry ${reference} for the Celebration Fun Run 2025 was changed on its private page:`,
        '- Mobile',
        '- T-shirt: now Medium',
        '- Race: now Runner, 21km',
        '',
        'If you made this change, there is nothing more to do.',
        'If you did not, someone else has the link to your page: call the organisers on +263 77 000 0000.',
      ].join('\n'),
    );

    // Saving the same again changes nothing, and tells nothing.
    await visitor.put(
      `/api/my/${token}`,
      edited(entry, { raceType: '21km', tshirtSize: 'Medium', mobile: '0779999999' }),
    );
    expect(await mailsOf('entry-changed')).toHaveLength(1);
  });

  it('mails nothing for a change that was refused: the mail is in the change’s transaction', async () => {
    await db.update(raceOptions).set({ capacity: 0 }).where(eq(raceOptions.label, '5km'));
    const { entry, token } = await registered();
    const full = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { raceType: '5km', mobile: '0779999999' }),
    );
    expect(full.statusCode).toBe(409);
    expect(await mailsOf('entry-changed')).toEqual([]);
  });

  it('leaves a new email to the email-change mails, and tells the old address of the rest', async () => {
    const { entry, token } = await registered();
    const newEmail = `new.${entry.email}`;
    expect((await visitor.put(`/api/my/${token}`, edited(entry, { email: newEmail }))).statusCode).toBe(200);
    expect(await mailsOf('entry-changed')).toEqual([]);
    expect(await mailsOf('email-change', newEmail)).toHaveLength(1);
    expect(await mailsOf('email-change-notice', entry.email)).toHaveLength(1);

    const both = await visitor.put(`/api/my/${token}`, edited(entry, { email: newEmail, age: 38 }));
    expect(both.statusCode).toBe(200);
    const told = await mailsOf('entry-changed');
    expect(told.map((mail) => mail.to)).toEqual([entry.email]);
    expect(told[0]?.text).toContain('\n- Age\n');
    expect(told[0]?.text).not.toContain('email');
  });

  it('mails the cancellation once, with what to do if it was not the entrant', async () => {
    const { entry, reference, token } = await registered(runner({ raceType: '10km' }));
    expect((await visitor.post(`/api/my/${token}/cancel`)).statusCode).toBe(200);
    expect((await visitor.post(`/api/my/${token}/cancel`)).statusCode).toBe(200);
    const mails = await mailsOf('entry-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(entry.email);
    expect(mails[0]?.subject).toBe(`Celebration Fun Run: your entry ${reference} was cancelled`);
    expect(mails[0]?.text).toBe(
      [
        'Dear Tendai,',
        '',
        `Your entry ${reference} for the Celebration Fun Run 2025 (Runner, 10km) was cancelled on its private page. Its place is free for someone else.`,
        '',
        'If you did not cancel it, someone else has the link to your page: call the organisers on +263 77 000 0000 at once.',
      ].join('\n'),
    );
  });

  it('tells the entrant nothing of an organiser’s change or cancellation', async () => {
    const { entry, reference } = await registered();
    const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
    const asAdmin = injectAs(app, admin);
    expect(
      (await asAdmin.put(`/api/participants/${row?.id}`, edited(entry, { tshirtSize: 'Small' }))).statusCode,
    ).toBe(200);
    expect((await asAdmin.post(`/api/participants/${row?.id}/cancel`)).statusCode).toBe(200);
    expect(await mailsOf('entry-changed')).toEqual([]);
    expect(await mailsOf('entry-cancelled')).toEqual([]);
  });

  it('refuses a change over the address’s limit of such mails an hour (429, nothing saved), and still cancels, told', async () => {
    const { entry, token } = await registered();
    const sizes = ['Small', 'Large'];
    for (let i = 0; i < ENTRY_CHANGE_NOTICES.perAddress; i += 1) {
      const size = sizes[i % 2];
      expect((await visitor.put(`/api/my/${token}`, edited(entry, { tshirtSize: size }))).statusCode).toBe(
        200,
      );
    }
    const over = await visitor.put(`/api/my/${token}`, edited(entry, { tshirtSize: 'X-Large' }));
    expect(over.statusCode).toBe(429);
    expect((await visitor.get(`/api/my/${token}`)).json().tshirtSize).not.toBe('X-Large');
    expect(await mailsOf('entry-changed')).toHaveLength(ENTRY_CHANGE_NOTICES.perAddress);
    expect((await visitor.post(`/api/my/${token}/cancel`)).statusCode).toBe(200);
    expect(await mailsOf('entry-cancelled')).toHaveLength(1);
  });
});
