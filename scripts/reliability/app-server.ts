import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/free-port.ts';

export interface AppServerOptions {
  /** The Node binary (this one by default), e.g. Node 24 for the smoke test. */
  node?: string;
  /** Node flags before the script, e.g. --max-old-space-size. */
  nodeArgs?: string[];
  /** A command that runs Node inside a limit, e.g. systemd-run --scope -p MemoryMax=512M. */
  wrapper?: string[];
}

/** The production server (dist/server/main.js) on loopback, ready when /readyz says so. */
export async function startAppServer(
  env: Record<string, string>,
  port?: number,
  options: AppServerOptions = {},
) {
  const chosen = port ?? (await freePort());
  const serverEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(chosen),
    PUBLIC_URL: `http://127.0.0.1:${chosen}`,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'fatal',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reliability-')),
    ...env,
  };
  // The tests' published edition first: a fresh install's is a draft, closed to the public.
  execFileSync('npx', ['tsx', 'tests/support/prepare-database.ts'], { env: serverEnv, stdio: 'inherit' });
  const command = [...(options.wrapper ?? []), options.node ?? process.execPath];
  const [program = process.execPath, ...programArgs] = command;
  const child: ChildProcess = spawn(
    program,
    [...programArgs, ...(options.nodeArgs ?? []), 'dist/server/main.js'],
    {
      env: serverEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitCode !== null) throw new Error(`the server exited with ${exitCode} while starting`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port: chosen,
    pid: child.pid as number,
    exited,
    exitCode: () => exitCode,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
  };
}
