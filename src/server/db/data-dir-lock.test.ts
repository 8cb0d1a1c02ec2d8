import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';

const dirs: string[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDirHeldBy(pid: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'pglite.lock'), String(pid));
  return dir;
}

/** A process that has exited but is not reaped: a short sleep run in the background by a shell that then becomes `sleep`. */
async function zombie() {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  cleanups.push(() => parent.kill('SIGKILL'));
  const pid = Number(
    await new Promise<string>((resolve) => parent.stdout.once('data', (data) => resolve(String(data)))),
  );
  const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
  for (let tries = 0; state() !== 'Z' && tries < 100; tries += 1) await new Promise((r) => setTimeout(r, 20));
  expect(state()).toBe('Z');
  return pid;
}

describe('the data directory lock', () => {
  it('is refused while the process holding it runs', () => {
    const dir = dataDirHeldBy(process.ppid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
  });

  it.runIf(process.platform === 'linux')(
    'is taken over from a killed server that lingers as a zombie',
    async () => {
      const dir = dataDirHeldBy(await zombie());
      const release = acquireDataDirLock(dir);
      expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      release();
      expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    },
  );
});
