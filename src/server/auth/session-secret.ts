import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR so sessions survive a restart. */
export function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.DATA_DIR === 'memory://') return randomBytes(32).toString('hex');
  const file = path.join(env.DATA_DIR, 'session-secret');
  try {
    mkdirSync(env.DATA_DIR, { recursive: true });
    // 'wx' fails when the file exists, so a secret is never replaced (that would sign everyone out).
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
