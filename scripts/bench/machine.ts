import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumVersion } from '../lib/chromium.ts';
import { serverNode } from './processes.ts';

/** The Node the server runs on (the bench's own, or --node), and where it is when it is another. */
function serverNodeVersion(): string {
  if (serverNode() === process.execPath) return process.version;
  try {
    return `${execFileSync(serverNode(), ['--version'], { encoding: 'utf8' }).trim()} (${serverNode()}; the bench on ${process.version})`;
  } catch {
    return `unknown (${serverNode()})`;
  }
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
  chromium: string;
  lighthouse: string;
}

function osName(): string {
  try {
    return readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)"?/m)?.[1] ?? os.type();
  } catch {
    return `${os.type()} ${os.release()}`;
  }
}

function packageVersion(name: string): string {
  try {
    const file = path.resolve('node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function describeMachine(postgresVersion: string): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: osName(),
    node: serverNodeVersion(),
    postgres: postgresVersion,
    chromium: chromiumVersion() ?? 'not installed',
    lighthouse: packageVersion('lighthouse'),
  };
}

/** HEAD, marked "+ local changes" when the working tree differs: the bench measures what is on disk. */
export function describeCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--', 'src', 'drizzle', 'package.json', 'vite.config.ts')
      ? `${head} + local changes`
      : head;
  } catch {
    return 'unknown';
  }
}

const QUIET_PERCENT = 10;

/**
 * Waits (at most `maxWaitMs`) for a second in which the CPUs are under 10% busy, so a run does not start
 * while Chromium or PostgreSQL are still winding down from the last one; returns the last busy share.
 */
export async function waitForQuietCpu(maxWaitMs = 15_000): Promise<number> {
  const deadline = Date.now() + maxWaitMs;
  let busy = await cpuBusyPercent(1000);
  while (busy >= QUIET_PERCENT && Date.now() < deadline) busy = await cpuBusyPercent(1000);
  return busy;
}

/** Share of all CPUs not idle over `ms` (from /proc/stat); NaN where there is no /proc/stat. */
async function cpuBusyPercent(ms: number): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return Number.NaN;
  return (1 - (after.idle - before.idle) / (after.total - before.total)) * 100;
}

/** Starts timing the CPUs; the returned function answers their busy share (%) since then (NaN without /proc/stat). */
export function cpuBusySince(): () => number {
  const before = cpuTimes();
  return () => {
    const after = cpuTimes();
    if (!before || !after || after.total === before.total) return Number.NaN;
    return (1 - (after.idle - before.idle) / (after.total - before.total)) * 100;
  };
}

function cpuTimes(): { idle: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      ?.trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (!fields || fields.length < 5) return undefined;
    // idle and iowait: the CPU had nothing to run
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}
