import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/free-port.ts';
import { nodeFlagsNeeded } from './node-flags.ts';

// The real process on the embedded database: start, restart, bad configuration, graceful shutdown.
const dataDir = mkdtempSync(path.join(tmpdir(), 'celebration-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A script run with tsx on the embedded database in dataDir, its stdout and stderr gathered together. */
function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  // With the flag the server would relaunch itself to get (node-flags.ts): one start each, not two on Node 24.
  const child = spawn(process.execPath, [...nodeFlagsNeeded({}), '--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const gather = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', gather);
  child.stderr?.on('data', gather);
  return { child, output: () => output };
}

function startServer(env: Record<string, string>) {
  const { child, output } = runScript('src/server/main.ts', [], {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output().includes('Celebration is ready')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output()}`));
    });
  });
  ready.catch(() => {}); // a test that expects the process to fail awaits `exited` instead
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output };
}

function runAdminCreate(args: string[], env: Record<string, string> = {}) {
  const { child, output } = runScript('scripts/create-admin.ts', args, env);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output: output() })),
  );
}

// Below 3659, which fetch refuses as a "bad port" (the Fetch standard's list): one CI run drew it.
const PORT = 3200 + Math.floor(Math.random() * 400);

// The process always runs on the embedded database, so once per `npm test` is enough: not again in the PostgreSQL pass.
/**
 * A ceiling for a test of real server processes, not a speed check: alone one takes ~20 s, but in CI they
 * share two cores with the browser tests' servers and Chromium, where one took over 90 s (27 Nov).
 */
const PROCESS_TEST_TIMEOUT = 240_000;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process', () => {
  it('stops with a readable line naming PORT when it is wrong', async () => {
    const server = startServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: .*\(got "abc"\)/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it(
    'finishes a slow request after SIGTERM, exits 0, and keeps its data without re-running migrations',
    async () => {
      // The tests' published edition: a fresh install's is a draft, which takes no entry.
      const { child: preparing } = runScript('tests/support/prepare-database.ts', []);
      expect(await new Promise((resolve) => preparing.once('exit', resolve))).toBe(0);
      const first = startServer({ PORT: String(PORT) });
      await first.ready;
      expect(first.output()).toContain(
        `ready on this machine at http://localhost:${PORT} or http://127.0.0.1:${PORT}`,
      );
      expect(readdirSync(dataDir)).toContain('pglite');
      const created = await fetch(`http://127.0.0.1:${PORT}/api/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          discipline: 'run',
          firstName: 'Persistent',
          lastName: 'Runner',
          email: 'persistent@example.com',
          mobile: '0771234567',
          age: 30,
          raceType: '5km',
          nextOfKinMobile: '0772222333',
          tshirtSize: 'Large',
          consent: true,
          listedInSearch: true,
        }),
      });
      expect(created.status).toBe(201);

      // A request whose body trickles in: still in flight when SIGTERM arrives. Its connection is kept alive
      // afterwards, as a proxy keeps its own: the server closes it once idle rather than waiting out its grace.
      const keptAlive = new Agent({ keepAlive: true });
      let signalled = 0;
      const response = new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: PORT,
            method: 'POST',
            path: '/api/registrations',
            headers: { 'content-type': 'application/json' },
            agent: keptAlive,
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write('{"discipline": "run", ');
        setTimeout(() => {
          first.child.kill('SIGTERM');
          signalled = Date.now();
          setTimeout(() => req.end('"firstName": "Slow"}'), 1000);
        }, 300);
      });
      expect(await response).toBe(400);
      expect(await first.exited).toBe(0);
      // The grace period is 9 s; the request in flight took about 1 s of it.
      expect(Date.now() - signalled).toBeLessThan(5000);
      keptAlive.destroy();

      const second = startServer({ PORT: String(PORT) });
      await second.ready;
      // Re-running the first migration would fail (its types exist), so a clean restart shows none re-ran.
      const search = await fetch(`http://127.0.0.1:${PORT}/api/registrations/search?q=Persistent`);
      expect((await search.json()).results).toEqual([
        { firstName: 'Persistent', lastName: 'Runner', discipline: 'run', raceType: '5km' },
      ]);

      // The embedded database has one process at a time: the admin command says to stop the server first.
      const adminArgs = [
        '--email',
        'first.admin@example.com',
        '--password',
        'a long password',
        '--name',
        'First Admin',
      ];
      const whileRunning = await runAdminCreate(adminArgs);
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.output).toMatch(/The server is running .* Stop the server first/);
      expect(whileRunning.output).not.toMatch(/at .*\.ts:\d+/);

      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
      const afterStop = await runAdminCreate(adminArgs);
      expect(afterStop).toMatchObject({ code: 0 });
      expect(afterStop.output).toContain('Created admin first.admin@example.com');
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'refuses a fake payment gateway beside an https PUBLIC_URL, and runs one inside itself otherwise',
    async () => {
      const refused = startServer({ PAYNOW_URL: 'fake', PUBLIC_URL: 'https://fun.example.org' });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(/PAYNOW_URL: fake is for trying Celebration, not for a real site/);

      const port = await freePort();
      const server = startServer({ PORT: String(port), PAYNOW_URL: 'fake' });
      await server.ready;
      const fakeUrl = server
        .output()
        .match(/no money moves: a fake Paynow at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      expect((await fetch(`${fakeUrl}/ready`)).status).toBe(200);
      const event = await fetch(`http://127.0.0.1:${port}/api/event`);
      expect((await event.json()).testPayments).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'tells the new admin where the server started with the same settings takes sign-ins, port included',
    async () => {
      const args = [
        '--email',
        'second.admin@example.com',
        '--password',
        'a long password',
        '--name',
        'Second Admin',
      ];
      const onTheNetwork = await runAdminCreate(args, { HOST: '0.0.0.0', PORT: '3634', PUBLIC_URL: '' });
      expect(onTheNetwork.output).toMatch(
        /sign in at http:\/\/[\d.]+:3634\/About \(or .*http:\/\/localhost:3634\/About/,
      );
      const published = await runAdminCreate(args, { PUBLIC_URL: 'https://fun.example.org' });
      expect(published.output).toContain('sign in at https://fun.example.org/About.');
    },
    PROCESS_TEST_TIMEOUT,
  );
});
