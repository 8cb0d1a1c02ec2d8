import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { expectProblem } from '../../../../tests/support/registrations.ts';
import { injectAs, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { publishableSettings } from '../../../../tests/support/test-edition.ts';
import { harareToday } from '../../../shared/dates.ts';
import { auditLog, events } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/index.ts';
import { migrationsFolder } from '../../paths.ts';

const { app, db, admin } = setUpTestApp();
const asAdmin = injectAs(app, admin);
const visitor = injectAs(app);
const OPENS_SOON = 'Registration opens soon.';

/** The database as a fresh install leaves it: nothing but what the server seeds on its first start. */
async function freshInstall() {
  await db.execute(sql.raw('truncate registrations, waitlist_entries, race_options, events cascade'));
  await seed(db);
  await app.context.currentEvent.reload();
}

/** Everything a draft needs, set through the settings as an admin sets them. */
async function setUpEdition() {
  const { settings, races } = publishableSettings((await asAdmin.get('/api/admin/event')).json());
  const saved = await asAdmin.put('/api/admin/event', settings);
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await asAdmin.put('/api/admin/event/races', { races })).statusCode).toBe(200);
}

describe('a fresh install', () => {
  it("is a draft of this year's edition: the public pages say Registration opens soon", async () => {
    await freshInstall();
    const year = Number(harareToday().slice(0, 4));
    const shown = (await visitor.get('/api/event')).json();
    expect(shown).toMatchObject({
      year,
      subtitle: `${year} Fun Run Registration Platform`,
      published: false,
      registrationOpen: false,
    });
    expect((await asAdmin.get('/api/admin/event')).json()).toMatchObject({
      referencePrefix: `CFR${String(year).slice(-2)}`,
      published: false,
    });
  });

  it('takes no entry and no place on the waitlist while a draft (409, not_published)', async () => {
    await freshInstall();
    for (const url of ['/api/registrations', '/api/waitlist']) {
      const body = expectProblem(await visitor.post(url, runnerEntry('draft')), 409, OPENS_SOON);
      expect(body).toMatchObject({ code: 'not_published' });
    }
    expect(await db.select().from(events).where(eq(events.isCurrent, true))).toHaveLength(1);
  });
});

describe('publishing', () => {
  it('is refused while something is missing, naming what', async () => {
    await freshInstall();
    const body = expectProblem(await asAdmin.post('/api/admin/event/publish'), 409);
    expect(body).toMatchObject({ code: 'not_ready' });
    for (const missing of [
      'date of the event',
      'venue',
      'fee for every race',
      'closing time',
      'real account',
    ]) {
      expect(body.detail).toContain(missing);
    }
  });

  it('opens registration once everything is set, in the audit trail; publishing again changes nothing', async () => {
    await freshInstall();
    await setUpEdition();
    expectProblem(await visitor.post('/api/registrations', runnerEntry('early')), 409, OPENS_SOON);

    const published = await asAdmin.post('/api/admin/event/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true });
    expect((await visitor.get('/api/event')).json()).toMatchObject({
      published: true,
      registrationOpen: true,
    });
    expect((await visitor.post('/api/registrations', runnerEntry('first'))).statusCode).toBe(201);
    expect((await asAdmin.post('/api/admin/event/publish')).statusCode).toBe(200);

    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'event-settings.update'));
    expect(audit.filter((row) => (row.details as { section?: string }).section === 'publish')).toHaveLength(
      1,
    );
  });

  it('is for admins only', async () => {
    expect((await visitor.post('/api/admin/event/publish')).statusCode).toBe(401);
  });

  it('a new edition starts as a draft', async () => {
    const started = await asAdmin.post('/api/admin/editions', { year: 2026, referencePrefix: 'CFR26' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ year: 2026, published: false });
    expect((await visitor.get('/api/event')).json()).toMatchObject({ year: 2026, registrationOpen: false });
    expectProblem(await visitor.post('/api/registrations', runnerEntry('new')), 409, OPENS_SOON);
  });
});

describe('the migration that brought drafts', () => {
  it('keeps every edition made before it published', async () => {
    const client = new PGlite();
    const before = drizzle(client);
    // The migrations before it, as a server of the last version had them.
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === '0017_draft-editions');
    const older = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      cpSync(migrationsFolder, older, { recursive: true });
      for (const file of readdirSync(older).filter((name) => name.startsWith('0017_'))) {
        rmSync(path.join(older, file));
      }
      writeFileSync(
        path.join(older, 'meta', '_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
      );
      await migrate(before, { migrationsFolder: older });
      await client.exec(`insert into events (slug, year, title, subtitle, greeting, contact_phone, reference_prefix,
        terms_text, payment, tshirt_sizes, is_current)
        values ('celebration-fun-run-2025', 2025, 'Celebration Fun Run', '2025', 'Welcome', '+263772100200',
        'CFR25', 'Terms', '{}', '{"run":[],"cycle":[]}', true)`);
      await migrate(before, { migrationsFolder });
      const { rows } = await client.query<{ published: boolean }>(
        'select published_at is not null as published from events',
      );
      expect(rows).toEqual([{ published: true }]);
    } finally {
      rmSync(older, { recursive: true, force: true });
      await client.close();
    }
  });
});
