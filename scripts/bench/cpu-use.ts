/** CPU use of the server and its PostgreSQL connections, from /proc (Linux). */
import { readFileSync } from 'node:fs';
import { cpuBusySince } from './machine.ts';
import type { Query } from './outboxes.ts';

/** CPU use over a window: the machine's busy share (%) and the server process's (% of one CPU). */
export function cpuWindow(pid: number) {
  const machine = cpuBusySince();
  const startedCpu = processCpuSeconds(pid);
  const started = performance.now();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    return {
      machine: machine(),
      server: ((processCpuSeconds(pid) - startedCpu) / seconds) * 100,
    };
  };
}

/** User and system CPU seconds of a process (/proc/<pid>/stat, at the usual 100 ticks a second). */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds so far of the server process and of the PostgreSQL backends connected to its database (this
 * bench's own connection included, idle): what a send costs, whatever else the machine was doing.
 */
export async function serverCpuSeconds(query: Query, pid: number) {
  const backends = await query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const database = backends.reduce((sum, backend) => sum + processCpuSeconds(backend.pid), 0);
  return { server: processCpuSeconds(pid), database };
}
