import { readdirSync, readFileSync } from 'node:fs';
import { METRICS_TOKEN } from './options.ts';

/**
 * Samples the resident memory of processes (Linux /proc) until stopped, each on its own: the peak is
 * the largest single process's. `casePeak()` is the largest sample since its last call (so each case
 * gets its own), `stop()` the peak of the whole run from the kernel's high-water mark (VmHWM).
 */
export function watchRss(pids: number[]) {
  let peak = 0;
  let sincePeak = 0;
  const sample = () => {
    for (const pid of pids) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const rss = /VmRSS:\s+(\d+) kB/.exec(status);
        // VmHWM is the kernel's own high-water mark: a peak between two samples counts too.
        const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
        if (rss) sincePeak = Math.max(sincePeak, Number(rss[1]) / 1024);
        if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
      } catch {
        /* process gone */
      }
    }
  };
  const timer = setInterval(sample, 250);
  return {
    casePeak: () => {
      sample();
      const p = sincePeak;
      sincePeak = 0;
      return p;
    },
    stop: () => {
      sample();
      clearInterval(timer);
      return peak;
    },
  };
}

/** The server's memory as it reports it (`/metrics`), in MB. */
export interface MemoryReport {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export async function memoryReport(base: string): Promise<MemoryReport | undefined> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) return undefined;
  const text = await res.text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return {
    rss: gauge('process_resident_memory_bytes'),
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal: gauge('nodejs_heap_size_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

/** The CPU time (user + system) in a `/proc/<pid>/stat` line, in µs (clock ticks of 10 ms). */
function cpuMicrosOf(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** CPU time a process has used so far, in µs (Linux /proc). */
export function cpuMicros(pid: number): number {
  return cpuMicrosOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** PostgreSQL's processes that work for every database: their CPU is shared by whoever writes. */
const SHARED_POSTGRES_PROCESS = /(walwriter|checkpointer|background writer|autovacuum launcher)/;

/**
 * CPU time used so far by PostgreSQL for the database `name`, in µs: the backends connected to it
 * (its name is in their process title) and the shared writers. Other databases' backends on the same
 * server (tests running beside the bench) are not counted.
 */
export function postgresCpuMicros(name: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (title.includes(` ${name} `) || SHARED_POSTGRES_PROCESS.test(title)) total += cpuMicrosOf(stat);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}
