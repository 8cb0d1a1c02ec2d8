import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { letters } from '../../../../tests/support/entries.ts';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import { textsTo, turnTextsOn } from '../../../../tests/support/sms.ts';
import { injectAs, testDatabase, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { EMAIL_MISSING, EMAIL_OPTIONAL_HINT } from '../../../shared/registrations/registration.ts';
import { mailOutbox, raceOptions, registrations, waitlistEntries } from '../../db/schema/index.ts';

const { app, renderErrors } = setUpAppWithPages();
// Every page rendered whole on the server: a part that fails would quietly be left to the browser.
afterEach(() => expect(renderErrors).toEqual([]));

const textsOn = async () => {
  const { db } = await testDatabase();
  await turnTextsOn(db, app.context.secret);
  await app.context.currentEvent.reload();
};

let serial = 0;
/** The runner form as a phone without JavaScript posts it, with Email left empty. */
function formWithoutEmail(overrides: Record<string, string | undefined> = {}) {
  serial += 1;
  const fields: Record<string, string | undefined> = {
    idempotencyKey: `no-email-key-${letters(serial)}-0000`,
    firstName: 'Nyasha',
    lastName: `Mpofu ${letters(serial)}`,
    email: '',
    mobile: '0774123456',
    age: '29',
    gender: '',
    raceType: '10km',
    tshirtSize: 'Medium',
    nextOfKinMobile: '0712345678',
    consent: 'on',
    ...overrides,
  };
  return new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
}

const postForm = (url: string, payload: string) =>
  injectAs(app).post(url, payload, { 'content-type': 'application/x-www-form-urlencoded' });

/** The text as a reader sees it: React's separators and the page's data (it repeats the page) left out. */
const readable = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

const emailInput = (html: string) => /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? '';

/** The "Send my confirmation by" choice the page shows chosen. */
const checkedChoice = (html: string) =>
  (html.match(/<input[^>]*name="notifyBy"[^>]*>/g) ?? []).find((input) => input.includes('checked=""'));

const entriesNamed = async (lastName: string) => {
  const { db } = await testDatabase();
  return db.select().from(registrations).where(eq(registrations.lastName, lastName));
};

describe(`the forms without JavaScript, Email left empty (issue 40, ${testDatabaseKind})`, () => {
  it('register a runner who chose SMS, and the thank-you page says his copy was texted', async () => {
    await textsOn();
    const response = await postForm(
      '/Register',
      formWithoutEmail({ lastName: 'Mpofu Texted', notifyBy: 'sms' }),
    );
    expect(response.statusCode).toBe(200);
    const page = readable(response.body);
    expect(page).toContain('Thank You!');
    expect(page).toContain('We have texted you a copy.');
    expect(page).toContain('Its link is in your text too');
    expect(page).toContain('The link in your confirmation text opens it too.');
    expect(page).not.toContain('emailed');
    expect(page).not.toContain('confirmation email');
    const [entry] = await entriesNamed('Mpofu Texted');
    expect(entry).toMatchObject({ email: null, notifyBy: 'sms', mobile: '+263774123456' });
    const { db } = await testDatabase();
    expect(await textsTo(db, '+263774123456')).toHaveLength(1);
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it('say a copy was emailed and texted to whoever chose Both, as before to whoever chose Email', async () => {
    await textsOn();
    const both = await postForm(
      '/Register',
      formWithoutEmail({ email: 'rudo.both@example.com', notifyBy: 'both' }),
    );
    expect(readable(both.body)).toContain('We have emailed and texted you a copy.');
    const byMail = await postForm(
      '/Register',
      formWithoutEmail({ email: 'rudo.mail@example.com', mobile: '0774999888', notifyBy: 'email' }),
    );
    expect(readable(byMail.body)).toContain('We have emailed you a copy.');
    expect(readable(byMail.body)).toContain('Its link is in your email too');
  });

  it("put a runner without email on a full race's waitlist, told that his copy and any offer come by text", async () => {
    await textsOn();
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ capacity: 0 }).where(eq(raceOptions.label, '10km'));
    const response = await postForm(
      '/Register',
      formWithoutEmail({ lastName: 'Mpofu Waiting', notifyBy: 'sms' }),
    );
    expect(response.statusCode).toBe(200);
    const page = readable(response.body);
    expect(page).toContain('You are on the waitlist');
    expect(page).toContain(
      'We have texted you a copy. When a place frees, the first person waiting is offered it by text, with a link to accept it.',
    );
    expect(page).not.toContain('email');
    const [place] = await db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.lastName, 'Mpofu Waiting'));
    expect(place).toMatchObject({ email: null, notifyBy: 'sms' });
  });

  it('answer a runner without email who registers again with his entry, naming no mailbox', async () => {
    await textsOn();
    const first = await postForm('/Register', formWithoutEmail({ lastName: 'Mpofu Again', notifyBy: 'sms' }));
    expect(first.statusCode).toBe(200);
    const again = await postForm('/Register', formWithoutEmail({ lastName: 'Mpofu Again', notifyBy: 'sms' }));
    expect(again.statusCode).toBe(200);
    const page = readable(again.body);
    expect(page).toContain('You are already registered');
    expect(page).toMatch(
      /We have sent your confirmation again\.|Your confirmation was sent a short while ago\./,
    );
    expect(page).not.toContain('email');
    expect(await entriesNamed('Mpofu Again')).toHaveLength(1);
  });

  it('send the form back (400) with the message beside Email when Both is chosen, the choice kept', async () => {
    await textsOn();
    const response = await postForm(
      '/Register',
      formWithoutEmail({ lastName: 'Mpofu Both', notifyBy: 'both' }),
    );
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain(EMAIL_MISSING);
    expect(emailInput(html)).toContain('aria-invalid="true"');
    expect(emailInput(html)).toContain('aria-required="true"');
    expect(checkedChoice(html)).toContain('value="both"');
    expect(readable(html)).toContain(EMAIL_OPTIONAL_HINT);
    expect(await entriesNamed('Mpofu Both')).toEqual([]);
  });

  it('render Email as optional once SMS is chosen (the form sent back for another field)', async () => {
    await textsOn();
    const response = await postForm('/Register', formWithoutEmail({ notifyBy: 'sms', mobile: '12345' }));
    expect(response.statusCode).toBe(400);
    const html = readable(response.body);
    expect(emailInput(html)).toContain('aria-required="false"');
    expect(emailInput(html)).toContain('aria-invalid="false"');
    expect(checkedChoice(html)).toContain('value="sms"');
    expect(html).toMatch(/Email <span[^>]*>\(optional\)<\/span>/);
  });

  it('while texts are off: Email is asked for as before, with no hint, and refused empty', async () => {
    const response = await postForm('/Register', formWithoutEmail({ lastName: 'Mpofu Off' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(EMAIL_MISSING);
    expect(emailInput(response.body)).not.toContain('aria-required');
    expect(readable(response.body)).not.toContain(EMAIL_OPTIONAL_HINT);
    expect(readable(response.body)).not.toContain('Send my confirmation by');
    expect(await entriesNamed('Mpofu Off')).toEqual([]);
  });

  it('register a group whose contact chose SMS without email, his son sharing his contact', async () => {
    await textsOn();
    const lastName = 'Mpofu Family';
    const response = await postForm(
      '/Register',
      new URLSearchParams({
        idempotencyKey: 'no-email-group-key-0000',
        'people.0.discipline': 'run',
        'people.0.firstName': 'Tapiwa',
        'people.0.lastName': lastName,
        'people.0.email': '',
        'people.0.mobile': '0774555666',
        'people.0.age': '41',
        'people.0.gender': '',
        'people.0.raceType': '10km',
        'people.0.tshirtSize': 'Large',
        'people.0.nextOfKinMobile': '0712345678',
        'people.1.discipline': 'run',
        'people.1.firstName': 'Kuda',
        'people.1.lastName': lastName,
        'people.1.sameContact': 'on',
        'people.1.age': '14',
        'people.1.gender': '',
        'people.1.raceType': '5km',
        'people.1.tshirtSize': 'Small',
        'people.1.nextOfKinMobile': '0712345678',
        'people.1.guardianName': `Tapiwa ${lastName}`,
        'people.1.guardianMobile': '0774555666',
        'people.1.guardianConsent': 'on',
        notifyBy: 'sms',
        consent: 'on',
      }).toString(),
    );
    expect(response.statusCode).toBe(200);
    const page = readable(response.body);
    expect(page).toContain('We have texted the contact a copy.');
    expect(page).not.toContain('emailed');
    expect(page).not.toContain('confirmation email');
    const entries = await entriesNamed(lastName);
    expect(entries.map((entry) => [entry.firstName, entry.email, entry.mobile]).sort()).toEqual([
      ['Kuda', null, '+263774555666'],
      ['Tapiwa', null, '+263774555666'],
    ]);
  });
});
