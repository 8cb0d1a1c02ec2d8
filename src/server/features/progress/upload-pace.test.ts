import { once } from 'node:events';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  injectAs,
  PDF,
  setUpTestApp,
  signedInAs,
  signedInMan,
  storedUploadKeys,
  testDatabase,
  uploadSubmission,
} from '../../../../tests/support/test-app.ts';
import { UPLOAD_LIMITS } from '../../../shared/progress/progress-rules.ts';
import { assignments } from '../../db/schema/index.ts';

// Rate limits on, as in production; a real data directory, so the test can list the stored files.
const { app, dataDir } = setUpTestApp({
  env: { RATE_LIMITS: 'on' },
  reset: 'once',
  dataDir: 'celebration-upload-pace-',
});
const storedFiles = () => storedUploadKeys(dataDir);

let assignmentId: string;

beforeAll(async () => {
  const { db } = await testDatabase();
  const [assignment] = await db.select().from(assignments).limit(1);
  assignmentId = assignment?.id ?? '';
});

/** A signed-in participant with his programme record. */
function man() {
  return signedInMan(app, 'Pace', 'Tester');
}

const url = () => `/api/me/assignments/${assignmentId}/submission`;

const upload = (who: { cookie: string }, name = 'essay.pdf') =>
  uploadSubmission(app, who, assignmentId, name);

/**
 * An upload whose body is still on its way: it resolves `reading` once the server is reading the file
 * (it has taken a megabyte of it), and is sent to its end by finish().
 */
async function slowUpload(who: { cookie: string }) {
  const boundary = '----celebration-slow';
  const body = new PassThrough({ highWaterMark: 16 * 1024 });
  const answer = injectAs(app, who).post(url(), body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  body.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  body.write(PDF);
  if (!body.write(Buffer.alloc(1024 * 1024, 0x20))) await once(body, 'drain');
  return {
    answer,
    finish: () => body.end(`\r\n--${boundary}--\r\n`),
  };
}

describe('upload pace', () => {
  it(`takes ${UPLOAD_LIMITS.perHour} uploads an hour from one account, then answers 429 with Retry-After`, async () => {
    const him = await man();
    for (let count = 1; count <= UPLOAD_LIMITS.perHour; count++) {
      expect((await upload(him)).statusCode, `upload ${count}`).toBe(201);
    }
    const refused = await upload(him);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.json().detail).toBe('Too many uploads. Please wait 60 minutes and try again.');

    // Another account has its own hour.
    expect((await upload(await man())).statusCode).toBe(201);
  });

  it(`lets one account have ${UPLOAD_LIMITS.concurrent} uploads under way at once`, async () => {
    const him = await man();
    const first = await slowUpload(him);
    const second = await slowUpload(him);
    const third = await upload(him);
    expect(third.statusCode).toBe(429);
    expect(third.headers['content-type']).toContain('application/problem+json');
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.json().detail).toBe(
      'You already have 2 uploads under way. Wait for one to finish, then try again.',
    );
    // Another account is not held up by his.
    expect((await upload(await man())).statusCode).toBe(201);

    first.finish();
    second.finish();
    expect((await first.answer).statusCode).toBe(201);
    expect((await second.answer).statusCode).toBe(201);
    // A finished upload gives its place back.
    expect((await upload(him)).statusCode).toBe(201);
  });

  it('removes the file it wrote when the insert fails (the assignment was deleted meanwhile)', async () => {
    const admin = await signedInAs(app, 'admin');
    const him = await man();
    const { db } = await testDatabase();
    const [doomed] = await db
      .insert(assignments)
      .values({ title: 'Doomed', dueOn: '2099-01-01' })
      .returning();
    const filesBefore = await storedFiles();
    assignmentId = doomed?.id ?? '';
    const pending = await slowUpload(him);
    const deleted = await injectAs(app, admin).delete(`/api/programme/assignments/${doomed?.id}`);
    expect(deleted.statusCode).toBe(204);
    pending.finish();
    const answer = await pending.answer;
    expect(answer.statusCode).toBe(404);
    expect(answer.json().detail).toMatch(/removed/);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});
