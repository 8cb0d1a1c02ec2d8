import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  injectAs,
  PDF,
  removeStoredUploads,
  setUpTestApp,
  signedInMan,
  storedUploadKeys,
  testDatabase,
  uploadSubmission,
} from '../../../../tests/support/test-app.ts';
import { UPLOAD_LIMITS } from '../../../shared/progress/progress-rules.ts';
import { assignments, submissions } from '../../db/schema/index.ts';

// A real data directory, so the test can list the stored files.
const { app, dataDir, asAdmin } = setUpTestApp({ dataDir: 'celebration-upload-storage-' });
const storedFiles = () => storedUploadKeys(dataDir);

beforeEach(() => removeStoredUploads(dataDir));

/** A signed-in participant with his programme record, and the two seeded assignments' ids. */
async function man() {
  const account = await signedInMan(app, 'Upload', 'Tester');
  const { db } = await testDatabase();
  const tasks = await db.select().from(assignments).orderBy(assignments.dueOn);
  return { ...account, assignmentIds: tasks.map((task) => task.id) };
}

const upload = (who: { cookie: string }, assignmentId: string | undefined, name: string) =>
  uploadSubmission(app, who, assignmentId, name);

async function storageKeys() {
  const { db } = await testDatabase();
  return (await db.select({ key: submissions.storageKey }).from(submissions)).map((row) => row.key).sort();
}

describe('stored uploads', () => {
  it(`keeps ${UPLOAD_LIMITS.versionsKept} versions per man and assignment; older ones go with their files`, async () => {
    const him = await man();
    const [first, second] = him.assignmentIds;
    for (let version = 1; version <= UPLOAD_LIMITS.versionsKept + 2; version++) {
      expect((await upload(him, first, `essay-${version}.pdf`)).statusCode).toBe(201);
    }
    expect((await upload(him, second, 'other.pdf')).statusCode).toBe(201);

    const progress = (await injectAs(app, him).get('/api/me/progress')).json();
    const essay = progress.assignments.find((a: { id: string }) => a.id === first);
    expect(essay.current.fileName).toBe('essay-7.pdf');
    expect(essay.history.map((h: { fileName: string }) => h.fileName)).toEqual([
      'essay-6.pdf',
      'essay-5.pdf',
      'essay-4.pdf',
      'essay-3.pdf',
    ]);
    const { db } = await testDatabase();
    const rows = await db.select().from(submissions);
    expect(rows).toHaveLength(UPLOAD_LIMITS.versionsKept + 1);
    expect(rows.every((row) => row.uploadedBy === him.id)).toBe(true);
    expect(await storedFiles()).toEqual(await storageKeys());
  });

  it('stores at most 50 MB per account: the refusal says so, and keeps no file', async () => {
    const him = await man();
    const [first] = him.assignmentIds;
    expect((await upload(him, first, 'essay.pdf')).statusCode).toBe(201);
    // What he stored before, as rows only (a real 49 MB would only slow the test down).
    const { db } = await testDatabase();
    await db.insert(submissions).values({
      assignmentId: him.assignmentIds[1] ?? '',
      manId: him.manId,
      storageKey: '00000000-0000-4000-8000-000000000000',
      fileName: 'earlier.pdf',
      contentType: 'application/pdf',
      size: UPLOAD_LIMITS.storedBytesPerAccount - PDF.length - 10,
      uploadedBy: him.id,
      late: false,
    });
    const filesBefore = await storedFiles();

    const refused = await upload(him, first, 'essay-2.pdf');
    expect(refused.statusCode).toBe(413);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toBe(
      'You have used your 50 MB for uploads. Delete an older version before uploading another.',
    );
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await db.select().from(submissions)).toHaveLength(2);

    // Another account is not held to his total.
    const other = await man();
    expect((await upload(other, first, 'mine.pdf')).statusCode).toBe(201);

    // Deleting an older version makes room.
    const [earlier] = await db.select().from(submissions).where(eq(submissions.fileName, 'earlier.pdf'));
    expect((await injectAs(app, him).delete(`/api/me/submissions/${earlier?.id}`)).statusCode).toBe(200);
    expect((await upload(him, first, 'essay-2.pdf')).statusCode).toBe(201);
    expect(await storedFiles()).toEqual(await storageKeys());
  });

  it('deletes the files with a submission, an assignment or a man', async () => {
    const him = await man();
    const other = await man();
    const [first, second] = him.assignmentIds;
    for (const who of [him, other]) {
      for (const name of ['a.pdf', 'b.pdf']) expect((await upload(who, first, name)).statusCode).toBe(201);
      expect((await upload(who, second, 'c.pdf')).statusCode).toBe(201);
    }
    expect(await storedFiles()).toHaveLength(6);

    // His own older version: only his, never another man's.
    const { db } = await testDatabase();
    const [his] = await db.select().from(submissions).where(eq(submissions.uploadedBy, him.id)).limit(1);
    expect((await injectAs(app, other).delete(`/api/me/submissions/${his?.id}`)).statusCode).toBe(404);
    const deleted = await injectAs(app, him).delete(`/api/me/submissions/${his?.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await storedFiles()).toHaveLength(5);
    expect(await storedFiles()).toEqual(await storageKeys());

    // An assignment: every man's documents for it.
    expect((await asAdmin.delete(`/api/programme/assignments/${first}`)).statusCode).toBe(204);
    expect(await storedFiles()).toHaveLength(2);
    expect(await storedFiles()).toEqual(await storageKeys());

    // A man: his documents.
    expect((await asAdmin.delete(`/api/men/${him.manId}`)).statusCode).toBe(204);
    expect(await storedFiles()).toHaveLength(1);
    expect(await storedFiles()).toEqual(await storageKeys());
    expect((await asAdmin.delete(`/api/men/${him.manId}`)).statusCode).toBe(404);
  });
});
