/**
 * V8 13 (Node 24) needs about 600 MB of memory, for a second, to optimise the largest function of
 * PGlite's WebAssembly (measured: 604 MB of compiler memory for one function, the process peaking at
 * 810 MB on a database that then idles at 280 MB; V8 12 in Node 22 and V8 14 in Node 26 need 25 MB).
 * Such a peak kills a server limited to 512 MB. With --liftoff-only, WebAssembly runs on V8's baseline
 * compiler only. V8 reads the flag only from the command line, so on that V8 the server replaces its
 * own process with one started with the flag (same pid, same arguments) before it loads anything else.
 * Not on PostgreSQL (DATABASE_URL set), where no WebAssembly runs. Decision 010.
 */
export function nodeFlagsNeeded(
  v8Version = process.versions.v8,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (env.DATABASE_URL) return [];
  return v8Version.startsWith('13.') ? ['--liftoff-only'] : [];
}

export function relaunchWithNodeFlags() {
  const missing = nodeFlagsNeeded().filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0 || typeof process.execve !== 'function') return;
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}
