import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { textsTo, turnTextsOn } from '../../../../tests/support/sms.ts';
import { injectAs, setUpTestApp, signedInAs } from '../../../../tests/support/test-app.ts';
import { mailOutbox, mobileChanges, registrations } from '../../db/schema/index.ts';
import { anonymiseEntries } from '../retention/service.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const OLD = '+263771234567';
const NEW = '+263782223333';

const entryOf = async (reference: string) =>
  (await db.select().from(registrations).where(eq(registrations.reference, reference)))[0];
const codeIn = (body: string | null | undefined) => /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';
/** The code of the newest text to a number. */
const lastCodeTo = async (e164: string) => codeIn((await textsTo(db, e164)).at(-1)?.body);

/** The entry as the edit forms send it back, with these changes. */
const edited = (entry: ReturnType<typeof runnerEntry>, change: object = {}) => {
  const { discipline: _, consent: __, ...fields } = entry;
  return { ...fields, ...change };
};

/** Texts on; `outOfHours`: the sending hours are closed now (an hour from now for an hour, Harare time). */
async function textsOn({ outOfHours = false } = {}) {
  const harare = (hoursAhead: number) =>
    new Date(Date.now() + (2 + hoursAhead) * 3600_000).toISOString().slice(11, 16);
  await turnTextsOn(db, app.context.secret, outOfHours ? { sendFrom: harare(1), sendUntil: harare(2) } : {});
  await app.context.currentEvent.reload();
}

async function registered(tag: string) {
  const entry = runnerEntry(tag);
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const { reference, myLink } = response.json();
  const id = (await entryOf(reference))?.id ?? '';
  return { entry, reference: reference as string, id, token: String(myLink).replace('/My/', '') };
}

const confirm = (token: string, code: string) => visitor.post(`/api/my/${token}/mobile-change`, { code });

describe('a change of mobile asked on /My while texts are on', () => {
  it('waits for the code texted to the new number; the right code changes it, and the old number is told', async () => {
    // The code is the reply to the entrant's own action: it goes out of the sending hours too.
    await textsOn({ outOfHours: true });
    const { entry, reference, id, token } = await registered('mover');
    const oldTexts = (await textsTo(db, OLD)).length;
    const saved = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { mobile: '078 222 3333', tshirtSize: 'Large' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      mobile: OLD,
      tshirtSize: 'Large',
      mobilePending: { mobile: NEW, until: expect.any(String) },
    });
    expect((await entryOf(reference))?.mobile).toBe(OLD);

    // The code goes to the new number alone, once, at once, with the reference and no name.
    const [codeText, ...more] = await textsTo(db, NEW);
    expect(more).toEqual([]);
    expect(codeText).toMatchObject({ kind: 'mobile-change-code', registrationId: id });
    expect(codeText?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(codeText?.body).toContain(reference);
    expect(codeText?.body).not.toContain(entry.firstName);
    expect(codeText?.body?.length).toBeLessThanOrEqual(160);
    const code = codeIn(codeText?.body);
    expect(code).toMatch(/^\d{6}$/);
    const oldNow = await textsTo(db, OLD);
    expect(oldNow.slice(oldTexts).map((text) => codeIn(text.body))).not.toContain(code);
    // Only a digest of the code is kept.
    const [kept] = await db.select().from(mobileChanges).where(eq(mobileChanges.registrationId, id));
    expect(kept?.codeDigest).not.toContain(code);
    expect((kept?.expiresAt.getTime() ?? 0) - (kept?.askedAt.getTime() ?? 0)).toBe(15 * 60_000);

    const confirmed = await confirm(token, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ mobile: NEW, mobilePending: null });
    expect((await entryOf(reference))?.mobile).toBe(NEW);
    expect(await db.select().from(mobileChanges)).toEqual([]);
    const told = (await textsTo(db, OLD)).at(-1);
    expect(told?.kind).toBe('mobile-changed');
    expect(told?.body).toContain(
      `your mobile for entry ${reference} was changed. Not you? Call +263 77 000 0000.`,
    );
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, entry.email))
      .orderBy(asc(mailOutbox.id));
    expect(mails.at(-1)).toMatchObject({ kind: 'entry-changed' });
    expect(mails.at(-1)?.text).toContain('- Mobile');

    // The same code again changes nothing.
    expect((await confirm(token, code)).statusCode).toBe(409);
    const history = (await asAdmin.get(`/api/participants/${id}`)).json().history as {
      by: string;
      summary: string;
    }[];
    expect(history).toContainEqual(
      expect.objectContaining({
        summary: 'Text message: Code for a new mobile to +263 78 222 3333 — Waiting to go',
      }),
    );
    expect(history.filter((line) => line.by === 'the entrant').slice(0, 2)).toMatchObject([
      { by: 'the entrant', summary: 'Changed mobile (confirmed by the code texted to the new number)' },
      {
        by: 'the entrant',
        summary: expect.stringMatching(/T-shirt; new mobile asked for, waiting for the code/),
      },
    ]);
    const audit = (await asAdmin.get('/api/audit-log')).json().rows as { action: string; subject: string }[];
    expect(
      audit.filter((row) => row.subject === `registration ${reference}`).map((row) => row.action),
    ).toEqual(['registration.edit', 'registration.edit']);
  });

  it('refuses a wrong code, counting the tries: at the fifth the change is void', async () => {
    await textsOn();
    const { entry, reference, token } = await registered('tries');
    await visitor.put(`/api/my/${token}`, edited(entry, { mobile: NEW }));
    const code = await lastCodeTo(NEW);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await confirm(token, wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().errors).toEqual([
      { path: 'code', message: 'That is not the code we sent: 4 tries left.' },
    ]);
    for (let index = 0; index < 4; index += 1) await confirm(token, wrong);
    expect((await confirm(token, code)).statusCode).toBe(409);
    expect((await entryOf(reference))?.mobile).toBe(OLD);
    expect((await visitor.get(`/api/my/${token}`)).json().mobilePending).toBeNull();
    expect((await confirm(token, 'abc')).statusCode).toBe(400);
  });

  it('an expired code changes nothing', async () => {
    await textsOn();
    const { entry, reference, id, token } = await registered('late');
    await visitor.put(`/api/my/${token}`, edited(entry, { mobile: NEW }));
    await db
      .update(mobileChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileChanges.registrationId, id));
    expect((await confirm(token, await lastCodeTo(NEW))).statusCode).toBe(409);
    expect((await entryOf(reference))?.mobile).toBe(OLD);
    expect((await visitor.get(`/api/my/${token}`)).json().mobilePending).toBeNull();
  });

  it('a newer request replaces the older; a number gets at most three codes an hour', async () => {
    await textsOn();
    const { entry, reference, token } = await registered('twice');
    const OTHER = '+263783334444';
    await visitor.put(`/api/my/${token}`, edited(entry, { mobile: NEW }));
    const older = await lastCodeTo(NEW);
    await visitor.put(`/api/my/${token}`, edited(entry, { mobile: OTHER }));
    expect((await visitor.get(`/api/my/${token}`)).json().mobilePending.mobile).toBe(OTHER);
    if (older !== (await lastCodeTo(OTHER))) expect((await confirm(token, older)).statusCode).toBe(400);

    await visitor.put(`/api/my/${token}`, edited(entry, { mobile: OTHER }));
    await visitor.put(`/api/my/${token}`, edited(entry, { mobile: OTHER }));
    const over = await visitor.put(`/api/my/${token}`, edited(entry, { mobile: OTHER, tshirtSize: 'Large' }));
    expect(over.statusCode).toBe(429);
    expect(await textsTo(db, OTHER)).toHaveLength(3);
    // Refused whole: the T-shirt saved with it is not kept either.
    expect((await entryOf(reference))?.tshirtSize).toBe('Medium');

    expect((await confirm(token, await lastCodeTo(OTHER))).statusCode).toBe(200);
    expect((await entryOf(reference))?.mobile).toBe(OTHER);
  });

  it('nothing of the waiting change outlives the entry’s anonymisation', async () => {
    await textsOn();
    const { entry, id, token } = await registered('gone');
    await visitor.put(`/api/my/${token}`, edited(entry, { mobile: NEW }));
    expect(await db.select().from(mobileChanges)).toHaveLength(1);
    await anonymiseEntries(db, { registrationIds: [id], waitlistIds: [] });
    expect(await db.select().from(mobileChanges)).toEqual([]);
  });
});

describe('a change of mobile made at once', () => {
  it('on /My while texts are off: nothing can be texted', async () => {
    const { entry, reference, token } = await registered('off');
    const saved = await visitor.put(`/api/my/${token}`, edited(entry, { mobile: NEW }));
    expect(saved.json()).toMatchObject({ mobile: NEW, mobilePending: null });
    expect((await entryOf(reference))?.mobile).toBe(NEW);
    expect(await db.select().from(mobileChanges)).toEqual([]);
  });

  it('by an admin, texts on', async () => {
    await textsOn();
    const { entry, reference, id } = await registered('by-admin');
    const changed = await asAdmin.put(`/api/participants/${id}`, edited(entry, { mobile: NEW }));
    expect(changed.statusCode).toBe(200);
    expect((await entryOf(reference))?.mobile).toBe(NEW);
    expect(await textsTo(db, NEW)).toEqual([]);
  });

  it('by the team manager, texts on', async () => {
    await textsOn();
    const asCompany = injectAs(app, await signedInAs(app, 'company'));
    const staff = runnerEntry('staff');
    const created = await asCompany.post('/api/team/registrations', staff);
    expect(created.statusCode).toBe(201);
    const { reference } = created.json();
    const id = (await entryOf(reference))?.id;
    const changed = await asCompany.put(`/api/team/registrations/${id}`, edited(staff, { mobile: NEW }));
    expect(changed.statusCode).toBe(204);
    expect((await entryOf(reference))?.mobile).toBe(NEW);
    expect(await textsTo(db, NEW)).toEqual([]);
  });
});
