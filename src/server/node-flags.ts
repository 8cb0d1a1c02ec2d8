import v8 from 'node:v8';

/**
 * PGlite's WebAssembly runs on V8's baseline compiler only (--liftoff-only) in the embedded-database
 * server. V8 otherwise optimises PostgreSQL's hot functions on a background thread at start: 50–60 MB
 * more resident memory for good and a second core busy while the server starts, for no registration or
 * export measurably faster on the bench machine (decision 010). On Node 24 it is also what keeps the
 * server alive under a 512 MB limit: V8 13 needed 604 MB of compiler memory for PGlite's largest function,
 * so the process peaked at ~810 MB (Node 22 and 26 need 25 MB for it).
 * Not on PostgreSQL (DATABASE_URL set), where no WebAssembly runs.
 */
export function nodeFlagsNeeded(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.DATABASE_URL ? [] : ['--liftoff-only'];
}

/**
 * Node 20 and 22 (V8 11–12) still take V8 flags at run time. V8 13 and later read them only from the
 * command line, so there the server replaces its own process with one started with the flags (same pid,
 * same arguments, process.execve) before it loads anything else.
 */
export function relaunchWithNodeFlags() {
  const missing = nodeFlagsNeeded().filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return;
  if (Number(process.versions.v8.split('.')[0]) <= 12) {
    v8.setFlagsFromString(missing.join(' '));
  } else if (typeof process.execve === 'function') {
    process.execve(
      process.execPath,
      [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
      process.env,
    );
  }
}
