import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import { injectAs, testDatabase } from '../../../../tests/support/test-app.ts';
import { raceOptions } from '../../db/schema/index.ts';

const { app, logLines, renderErrors } = setUpAppWithPages();

const runner = runnerSeries();

/** A runner's entry and a pay link made from its private link. */
async function payLink() {
  const entry = runner({ firstName: 'Chipo', raceType: '10km' });
  const response = await injectAs(app).post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const { reference, myLink } = response.json() as { reference: string; myLink: string };
  const made = await injectAs(app).post(`/api/my/${myLink.replace('/My/', '')}/pay-links`, {});
  expect(made.statusCode, made.body).toBe(201);
  return { entry, reference, token: String(made.json().path).replace('/PayFor/', '') };
}

const readable = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

describe('/PayFor/<token> rendered by the server', () => {
  it('shows the first name, race, total and the bank details with the reference without JavaScript, and no contacts', async () => {
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ feeUsd: '15.00' }).where(eq(raceOptions.label, '10km'));
    await app.context.currentEvent.reload();
    const { entry, reference, token } = await payLink();

    const response = await app.inject(`/PayFor/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const page = readable(response.body);
    expect(page).toContain('<title>Pay for a fun run entry');
    expect(page).toContain('Chipo');
    expect(page).toContain('Runner · 10km');
    expect(page).toContain('Total due: US$15.00');
    expect(page).toContain('USD bank transfer');
    expect(page).toContain('0000-USD-EXAMPLE');
    expect(page).toContain('Payment reference');
    expect(page).toContain(reference);
    for (const secret of [entry.email, entry.lastName, entry.nextOfKinMobile]) {
      expect(response.body).not.toContain(secret);
    }
    expect(renderErrors).toEqual([]);
  });

  it('answers 404 with the refusal for a link that opens nothing, and keeps the token out of the log', async () => {
    const { token } = await payLink();
    logLines.length = 0;
    const refused = await app.inject(`/PayFor/${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(readable(refused.body)).toContain('This pay link opens nothing');
    await app.inject(`/PayFor/${token}`);
    const logged = logLines.join('');
    expect(logged).toContain('/PayFor/[token]');
    expect(logged).not.toContain(token);
  });
});
