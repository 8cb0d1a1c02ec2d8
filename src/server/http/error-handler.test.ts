import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { registerErrorHandling } from './error-handler.ts';

it('logs a failed query without its parameters or the database’s detail, which hold what was sent', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ loggerInstance: createLogger('info', sink) as FastifyBaseLogger });
  registerErrorHandling(app);
  app.get('/fails', async () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (email)=(tatenda@example.com) already exists.',
    });
    throw new DrizzleQueryError('insert into "t" ("email") values ($1)', ['tatenda@example.com'], cause);
  });
  const response = await app.inject({ url: '/fails' });
  expect(response.statusCode).toBe(500);
  expect(response.body).not.toContain('tatenda');
  const failed = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'request failed');
  expect(failed.err.message).toContain('Failed query: insert into "t" ("email") values ($1)');
  expect(failed.err.message).toContain('duplicate key value');
  expect(lines.join('\n')).not.toContain('tatenda');
  await app.close();
});
