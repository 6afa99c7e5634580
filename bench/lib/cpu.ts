/**
 * CPU accounting from /proc (Linux): what a process, each core and PostgreSQL used, so a bench can say whether the
 * server core was the limit and whether other work on the box skewed its figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (the unit of /proc's CPU times). */
export const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** utime + stime of a live process, in seconds (null once it is gone). */
export function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/** Busy seconds of each core so far (user, nice, system, irq, softirq, steal), from /proc/stat. */
export function coreBusy(): number[] {
  try {
    return readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .filter((l) => /^cpu\d+ /.test(l))
      .map((l) => {
        const f = l.split(/\s+/).slice(1).map(Number);
        return ((f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0) + (f[5] ?? 0) + (f[6] ?? 0) + (f[7] ?? 0)) / clockTicks;
      });
  } catch {
    return [];
  }
}

/** CPU seconds of every PostgreSQL process on the box (its backends serve the bench in PostgreSQL mode). */
export function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const cpu = cpuSeconds(Number(pid));
      if (cpu !== null) out.set(Number(pid), cpu);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Peak resident memory (VmHWM) of a process, in kB; `self` when no pid is given. */
export function peakKb(pid?: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid ?? 'self'}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
