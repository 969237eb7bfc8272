/**
 * CPU seconds of processes from /proc (Linux): robust figures when other work shares the machine,
 * where wall time alone is not. Clock ticks are 100 per second on Linux.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS = 100;

/** user + system CPU seconds of one process (0 when it is gone). */
export function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process and all its descendants (a server started through npm/tsx). */
export function treeCpu(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    total += cpuOf(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return total;
}

/**
 * A meter of the CPU the PostgreSQL backends of one database use between `start` and `stop`:
 * the backends are listed at both ends (a pool keeps its connections; a backend that ended in
 * between is not counted, which is why callers keep their pools open while measuring).
 */
export async function pgCpuMeter(admin: pg.Pool | pg.Client, database: string) {
  const pids = async () =>
    (
      await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])
    ).rows.map((r) => r.pid);
  const before = new Map((await pids()).map((pid) => [pid, cpuOf(pid)]));
  return {
    async stop(): Promise<number> {
      let total = 0;
      for (const pid of await pids()) total += cpuOf(pid) - (before.get(pid) ?? 0);
      return total;
    },
  };
}
