import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  PDF,
  signedInMan,
  testDatabase,
  testDatabaseKind,
  uploadSubmission,
} from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';
import { assignments, storedFiles, submissions } from '../db/schema/index.ts';

// Two servers on one PostgreSQL, each with its own data directory: a document uploaded through one is
// downloaded through the other, and deleting it deletes it for both. (The embedded database keeps the disk.)
let serverA: App;
let serverB: App;
beforeAll(async () => {
  serverA = await createTestApp({ RATE_LIMITS: 'off' });
  serverB = await createTestApp({ RATE_LIMITS: 'off' });
});
afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
});

describe.runIf(testDatabaseKind === 'postgres')('uploads kept in PostgreSQL', () => {
  it('are downloaded through any server, and deleted for all', async () => {
    const { db } = await testDatabase();
    const [assignment] = await db.select().from(assignments).orderBy(assignments.dueOn);
    const him = await signedInMan(serverA, 'Shared', 'Upload');
    const body = Buffer.concat([PDF, Buffer.from(`%${'x'.repeat(5000)}\n`)]);
    expect((await uploadSubmission(serverA, him, assignment?.id, 'essay.pdf', body)).statusCode).toBe(201);
    const [row] = await db.select().from(submissions).where(eq(submissions.manId, him.manId));
    const stored = await db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, row?.storageKey ?? ''));
    expect(stored[0]?.content.equals(body)).toBe(true);

    const download = await injectAs(serverB, him).get(`/api/submissions/${row?.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(body)).toBe(true);

    expect((await injectAs(serverA, him).delete(`/api/me/submissions/${row?.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect(
      await db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.key, row?.storageKey ?? '')),
    ).toEqual([]);
    expect((await injectAs(serverB, him).get(`/api/submissions/${row?.id}/file`)).statusCode).toBe(404);
  });
});
