import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../tests/support/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { startPreparingDatabase } from './prepare.ts';
import { events, serverSecrets } from './schema/index.ts';

// Several servers started at once on one new PostgreSQL database: they migrate and seed in turn, and share
// the session secret the first one made.
const base = process.env.TEST_DATABASE_URL;
const created: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function newDatabase() {
  const name = `prepare_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  created.push(name);
  const url = new URL(base ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (!base) return;
  await admin(async (client) => {
    for (const name of created) await client.query(`drop database if exists ${name} with (force)`);
  });
});

async function startServers(env: { DATABASE_URL?: string; SESSION_SECRET?: string }, count: number) {
  const starts = await Promise.all(
    Array.from({ length: count }, () => startPreparingDatabase({ DATA_DIR: 'memory://', ...env })),
  );
  const outcomes = await Promise.allSettled(starts.map((start) => start.prepared));
  return { outcomes, databases: starts.map((start) => start.database) };
}

async function closeAll(databases: DatabaseHandle[]) {
  await Promise.all(databases.map((database) => database.close().catch(() => {})));
}

describe.runIf(testDatabaseKind === 'postgres')(
  'preparing one PostgreSQL database from several servers',
  () => {
    it('lets three servers start at once on a new database, and gives them one session secret', async () => {
      const DATABASE_URL = await newDatabase();
      const { outcomes, databases } = await startServers({ DATABASE_URL }, 3);
      try {
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const secrets = outcomes.map(
          (outcome) => outcome.status === 'fulfilled' && outcome.value.sessionSecret,
        );
        expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
        expect(new Set(secrets).size).toBe(1);
        // Seeded once: one current event, not three.
        expect(await databases[0]?.db.$count(events)).toBe(1);
      } finally {
        await closeAll(databases);
      }

      // A later start keeps the secret: replacing it would sign everyone out.
      const later = await startServers({ DATABASE_URL }, 1);
      try {
        const [outcome] = later.outcomes;
        expect(outcome?.status === 'fulfilled' && outcome.value.sessionSecret).toBe(
          outcomes[0]?.status === 'fulfilled' && outcomes[0].value.sessionSecret,
        );
      } finally {
        await closeAll(later.databases);
      }
    });

    it('uses SESSION_SECRET when it is set, and keeps none in the database', async () => {
      const DATABASE_URL = await newDatabase();
      const { outcomes, databases } = await startServers({ DATABASE_URL, SESSION_SECRET: 'x'.repeat(40) }, 1);
      try {
        expect(outcomes[0]).toEqual({ status: 'fulfilled', value: {} });
        expect(await databases[0]?.db.$count(serverSecrets)).toBe(0);
      } finally {
        await closeAll(databases);
      }
    });
  },
);

describe.runIf(testDatabaseKind === 'pglite')('preparing the embedded database', () => {
  it('keeps no secret in the database: the server keeps its own in DATA_DIR', async () => {
    const { outcomes, databases } = await startServers({}, 1);
    try {
      expect(outcomes[0]).toEqual({ status: 'fulfilled', value: {} });
    } finally {
      await closeAll(databases);
    }
  });
});
