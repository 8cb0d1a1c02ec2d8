import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import { injectAs, testDatabase } from '../../../../tests/support/test-app.ts';
import { mailOutbox, raceOptions } from '../../db/schema/index.ts';

const { app, logLines, renderErrors } = setUpAppWithPages();

const runner = runnerSeries();

/** Registers by the API, and answers the reference and the token its confirmation mail carries. */
async function registered() {
  const entry = runner({ raceType: '10km', tshirtSize: 'Large' });
  const response = await injectAs(app).post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const { db } = await testDatabase();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, entry.email));
  const token = /\/My\/([\w-]{32})/.exec(mail?.text ?? '')?.[1] ?? '';
  return { entry, reference: response.json().reference as string, token };
}

/** The text as a reader sees it: React's separators and the page's data left out. */
const readable = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

describe('/My/<token> rendered by the server', () => {
  it('shows the entry read-only without JavaScript: reference, race, payment, how to pay, QR code', async () => {
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ feeUsd: '15.00' }).where(eq(raceOptions.label, '10km'));
    await app.context.currentEvent.reload();
    const { entry, reference, token } = await registered();

    const response = await app.inject(`/My/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const page = readable(response.body);
    expect(page).toContain('<title>My registration');
    expect(page).toContain(reference);
    expect(page).toContain(`${entry.firstName} ${entry.lastName}`);
    expect(page).toContain('Runner · 10km');
    expect(page).toContain('Unpaid · Total due: US$15.00');
    expect(page).toContain('How to pay');
    expect(page).toContain(`src="/api/my/${token}/check-in-qr.svg"`);
    expect(page).toContain('Changing or cancelling your entry needs JavaScript');
    expect(page).not.toContain('Change my entry');
    // The browser's script starts from the same entry, and takes the page over.
    expect(response.body).toContain(`"my-entry","${token}"`);
    expect(response.body).toContain('src="./main.tsx"');
    expect(renderErrors).toEqual([]);
    // Requests with the same link are rendered again: a change shows at once.
    await injectAs(app).post(`/api/my/${token}/cancel`);
    expect(readable((await app.inject(`/My/${token}`)).body)).toContain('This entry was cancelled.');
  });

  it('answers 404 for a link that opens no entry, with the way to have the links mailed', async () => {
    const { token } = await registered();
    // Another last character (a token may end in x already).
    const other = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    for (const path of [`/My/${other}`, '/My/not-a-token', `/my/${token}x`]) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      const page = readable(response.body);
      expect(page).toContain('This link does not open an entry');
      expect(page).toContain('href="/My"');
    }
  });

  it('keeps the token out of the log', async () => {
    const { token } = await registered();
    logLines.length = 0;
    await app.inject(`/My/${token}`);
    await app.inject(`/My/${token}x`);
    const logged = logLines.join('');
    expect(logged).toContain('/My/[token]');
    expect(logged).not.toContain(token);
  });
});
