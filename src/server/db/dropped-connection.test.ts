import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a connection PostgreSQL drops while a transaction holds it', () => {
  it('fails that transaction and leaves the process running (a restart of PostgreSQL once killed the server)', async () => {
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 2 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const held = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as {
          rows: { pid: number }[];
        };
        const [row] = rows;
        // Another connection ends this one, as PostgreSQL does to every connection when it restarts.
        const other = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 });
        await other.db.execute(sql`select pg_terminate_backend(${row?.pid})`);
        await other.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(held).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
      // The pool goes on with a new connection.
      expect(((await database.db.execute(sql`select 1 as one`)) as { rows: unknown[] }).rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
    }
  });
});
