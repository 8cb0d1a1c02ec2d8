import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, setUpTestApp, signedInMan, testDatabase } from '../../../../tests/support/test-app.ts';
import { assignments } from '../../db/schema/index.ts';

const { app } = setUpTestApp({ reset: 'once' });
let port: number;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

/** An upload over a real connection to the listening app; the caller writes the multipart body. */
function uploadRequest(
  account: { cookie: string },
  assignmentId: string | undefined,
  boundary: string,
  headers: Record<string, string>,
  onResponse: (res: IncomingMessage) => void,
) {
  return request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/me/assignments/${assignmentId}/submission`,
      headers: {
        cookie: account.cookie,
        origin: ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...headers,
      },
    },
    onResponse,
  );
}

describe('an upload over the limit', () => {
  it('is refused (413, connection closed) after about 10 MB, not read to its 1 GB end', async () => {
    const account = await signedInMan(app, 'Big', 'File');
    const { db } = await testDatabase();
    const [assignment] = await db.select().from(assignments).limit(1);

    const boundary = '----celebration';
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const gigabyte = 1024;
    let sentMegabytes = 0;
    let answered = false;
    const status = await new Promise<number>((resolve, reject) => {
      const req = uploadRequest(
        account,
        assignment?.id,
        boundary,
        { 'transfer-encoding': 'chunked' },
        (res) => {
          answered = true;
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      // The server closes the connection once it has answered: that is the point. The close may reach
      // the client's next write before the answer is read (EPIPE, ECONNRESET): the upload was cut off too.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
          answered = true;
          resolve(-1);
        } else reject(error);
      });
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      const pump = () => {
        while (sentMegabytes < gigabyte && !answered && !req.destroyed) {
          sentMegabytes += 1;
          if (!req.write(chunk)) return req.once('drain', pump);
        }
        if (!answered) req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect([413, -1]).toContain(status);
    expect(sentMegabytes).toBeLessThan(100);
  }, 60_000);

  it('answers a refused file name at once over a real connection, and lets the connection go', async () => {
    const account = await signedInMan(app, 'Bad', 'Name');
    const { db } = await testDatabase();
    const [assignment] = await db.select().from(assignments).limit(1);
    const boundary = '----celebration';
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = uploadRequest(account, assignment?.id, boundary, {}, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // The server may close while the rest is still being sent: that is the point.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="essay\u0001.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      // More than the socket buffers hold: the server has to read it, or close the connection.
      req.end(Buffer.concat([Buffer.alloc(20 * 1024 * 1024, 0x20), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toMatch(/control character/);
    // A request left half-read would hold its connection (and the server's shutdown) for good.
    const openConnections = () =>
      new Promise<number>((resolve) => app.server.getConnections((_error, count) => resolve(count)));
    await expect.poll(openConnections, { timeout: 5000 }).toBe(0);
  }, 30_000);
});
