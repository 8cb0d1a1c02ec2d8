import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_AT_EVERY_REQUEST, testDatabase } from '../../../tests/support/test-app.ts';
import { type App, buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { HTTP_TIMEOUTS } from './limits.ts';

// HTTP_TIMEOUTS scaled down about tenfold, so the test takes seconds: the rules are the same.
const TIMEOUTS = { headers: 1000, bodyGrace: 1500, bodyMinRate: 1000, request: 3000, checkEvery: 250 };
const TRICKLE_EVERY = 200;

let app: App;
let port: number;
const logged: { level: number; msg: string }[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  app = await buildApp({
    eventFreshness: EVENT_AT_EVERY_REQUEST,
    env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', RATE_LIMITS: 'off' }),
    database: await testDatabase(),
    logger: createLogger('info', sink),
    httpTimeouts: TIMEOUTS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

interface Sender {
  /** Milliseconds from the start until the server closed the connection, or undefined while open. */
  closedAfter?: number;
  /** The first line of what the server answered, if anything. */
  answer: string;
  socket: Socket;
  stop: () => void;
}

/** A client that writes `head` at once, then the next chunk every TRICKLE_EVERY ms until there is none. */
function slowSender(head: string, nextChunk: () => string | undefined): Sender {
  const started = performance.now();
  const socket = connect(port, '127.0.0.1');
  const timer = setInterval(() => {
    const chunk = nextChunk();
    if (chunk === undefined) clearInterval(timer);
    else if (!socket.destroyed) socket.write(chunk);
  }, TRICKLE_EVERY);
  const sender: Sender = { answer: '', socket, stop: () => clearInterval(timer) };
  socket.on('data', (data) => {
    sender.answer ||= String(data).split('\r\n')[0] ?? '';
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    sender.closedAfter = performance.now() - started;
    clearInterval(timer);
  });
  if (head) socket.write(head);
  return sender;
}

/** Chunks of `text`, `size` characters each. */
function chunksOf(text: string, size: number) {
  let offset = 0;
  return () => {
    if (offset >= text.length) return undefined;
    offset += size;
    return text.slice(offset - size, offset);
  };
}

const postHead = (length: number) =>
  `POST /api/registrations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('slow clients', () => {
  it('cut, with the defaults, a body trickled a byte a second (or slower) within 30 s', () => {
    // A client sending r bytes a second below bodyMinRate is cut once t > bodyGrace + r·t/bodyMinRate,
    // at t = bodyGrace / (1 − r/bodyMinRate), checked at most checkEvery later.
    const { bodyGrace, bodyMinRate, checkEvery, headers } = HTTP_TIMEOUTS;
    const cutAfter = (bytesPerSecond: number) => bodyGrace / (1 - bytesPerSecond / bodyMinRate) + checkEvery;
    expect(cutAfter(1)).toBeLessThan(30_000);
    expect(headers + checkEvery).toBeLessThan(30_000);
  });

  it('are cut off in time, while /api/event stays fast and an honest slow upload goes through', async () => {
    const attackers = [
      // Bodies trickled a byte at a time.
      ...Array.from({ length: 6 }, () => slowSender(postHead(2000), () => ' ')),
      // Headers trickled a byte at a time.
      slowSender('POST /api/registrations HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', () => 'a'),
      // A body arriving steadily above the minimum rate, but never ending.
      slowSender(postHead(16_000), () => 'x'.repeat(300)),
    ];
    // 1,500 bytes a second for 2 s: slower than bodyGrace allows for a whole body, fast enough by the rule.
    const body = JSON.stringify({ firstName: 'Slow', lastName: 'Phone', padding: 'p'.repeat(2940) });
    const honest = slowSender(postHead(body.length), chunksOf(body, 300));

    const latencies: number[] = [];
    const until = performance.now() + 2500;
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/event`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(response.status).toBe(200);
      await sleep(25);
    }
    await sleep(TIMEOUTS.request + TIMEOUTS.checkEvery + 300 - 2500);
    // What the server did, noted before the test closes whatever it left open.
    const closedAfter = attackers.map((sender) => sender.closedAfter);
    const answers = attackers.map((sender) => sender.answer);
    const honestAnswer = honest.answer;
    for (const sender of [...attackers, honest]) {
      sender.stop();
      sender.socket.destroy();
    }

    console.info(
      `/api/event p50 ${median(latencies).toFixed(1)} ms over ${latencies.length} requests; slow senders cut after (ms):`,
      closedAfter.map((ms) => (ms === undefined ? 'never' : Math.round(ms))).join(' '),
    );
    expect(median(latencies)).toBeLessThan(50);
    for (const ms of closedAfter.slice(0, 6)) {
      expect(ms).toBeGreaterThan(TIMEOUTS.bodyGrace - 100);
      expect(ms).toBeLessThan(TIMEOUTS.bodyGrace + 2 * TIMEOUTS.checkEvery + 200);
    }
    // Headers: Node answers 408 itself.
    expect(answers[6]).toBe('HTTP/1.1 408 Request Timeout');
    expect(closedAfter[6]).toBeLessThan(TIMEOUTS.headers + 2 * TIMEOUTS.checkEvery + 200);
    // A steady body that never ends: Node's limit on the whole request.
    expect(answers[7]).toBe('HTTP/1.1 408 Request Timeout');
    expect(closedAfter[7]).toBeGreaterThan(TIMEOUTS.request - 100);
    expect(closedAfter[7]).toBeLessThan(TIMEOUTS.request + 2 * TIMEOUTS.checkEvery + 200);
    // The honest sender's answer (400: not a valid registration) shows the server read all of it.
    expect(honestAnswer).toBe('HTTP/1.1 400 Bad Request');
    // Cutting a client off is routine, not a server error.
    expect(logged.filter((line) => line.msg.includes('too slowly'))).toHaveLength(6);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  }, 15_000);
});
