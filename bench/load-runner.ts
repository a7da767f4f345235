import autocannon from 'autocannon';
import { CONNECTIONS, duration, wanted, WARM_UP_SECONDS } from './options.ts';
import { cpuMicros, memoryReport, watchRss, type MemoryReport } from './process-stats.ts';

export interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** The server's CPU time per request, in µs (what the case costs, whatever the machine's speed). */
  cpuPerRequest: number;
  /** The database's CPU time per request, in µs (0 on SQLite, which runs inside the server). */
  dbCpuPerRequest: number;
  /** The ceiling measured just before and just after this case, averaged (req/s). */
  ceiling?: number;
  /** Site cases: the server's peak resident memory during the case, and its memory at the end (MB). */
  peakRss?: number;
  memoryAfter?: MemoryReport;
}

/**
 * A case's load; `expectStatus` is the answer every request should get when that is not a 2xx (the
 * others count as errors).
 */
export type CaseOptions = autocannon.Options & { expectStatus?: number };

/** A site case; skipped (null) when `--only` names other cases. */
export type SiteLoad = (name: string, opts: CaseOptions) => Promise<CaseResult | null>;

/**
 * Measures a case after a short unmeasured warm-up (the JIT and the database's caches warm, as on a
 * server that has been up for a while), and the CPU time the server process spent per request.
 */
async function measure(
  name: string,
  { expectStatus, ...opts }: CaseOptions,
  serverPids: number | number[],
  dbCpu: () => number,
): Promise<CaseResult> {
  await autocannon({ connections: CONNECTIONS, ...opts, duration: WARM_UP_SECONDS });
  const pids = [serverPids].flat();
  const serverCpu = () => pids.reduce((sum, pid) => sum + cpuMicros(pid), 0);
  const cpuBefore = serverCpu();
  const dbCpuBefore = dbCpu();
  const r = await autocannon({ connections: CONNECTIONS, duration, ...opts });
  const requests = Math.max(1, r.requests.total);
  const cpuPerRequest = (serverCpu() - cpuBefore) / requests;
  const dbCpuPerRequest = (dbCpu() - dbCpuBefore) / requests;
  const answered = Object.values(r.statusCodeStats ?? {}).reduce((sum, s) => sum + (s.count ?? 0), 0);
  const unexpected =
    expectStatus === undefined ? r.non2xx : answered - (r.statusCodeStats?.[`${expectStatus}`]?.count ?? 0);
  const errors = r.errors + r.timeouts + unexpected;
  if (errors > 0) {
    // Which answers they were: a refusal (429, 503) reads differently from a failure (500, timeouts).
    const statuses = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`);
    console.log(
      `${name}: ${errors} errors (answers ${statuses.join(' ')}; ${r.errors} failed, ${r.timeouts} timed out)`,
    );
  }
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
    requests: r.requests.total,
    cpuPerRequest,
    dbCpuPerRequest,
  };
}

/**
 * The ceiling server (a bare node:http server answering a fixed small JSON body, in its own process)
 * is measured before the first case and again after each one. A case's ratio is to the mean of the
 * two ceilings measured around it: this machine's speed drifts by half within a minute, and a ceiling
 * measured once, minutes away from a case, made ratios drift with it.
 */
export function createLoadRunner(ceilingTarget: { url: string; pid: number }) {
  const ceilingRuns: CaseResult[] = [];
  const noDatabase = () => 0;

  async function measureCeiling(): Promise<CaseResult> {
    const r = await measure('ceiling (node:http)', { url: ceilingTarget.url }, ceilingTarget.pid, noDatabase);
    ceilingRuns.push(r);
    return r;
  }

  /** Measures a case between two ceiling measurements; its ratio is to their mean. */
  async function compared(
    name: string,
    opts: CaseOptions,
    serverPids: number | number[],
    dbCpu: () => number = noDatabase,
  ): Promise<CaseResult> {
    const before = ceilingRuns.at(-1) ?? (await measureCeiling());
    const r = await measure(name, opts, serverPids, dbCpu);
    const after = await measureCeiling();
    return { ...r, ceiling: (before.rps + after.rps) / 2 };
  }

  /**
   * Cases against the site's server (one process or a cluster's): each also records the peak
   * resident memory of its largest process during the case, and the memory one process reports after.
   */
  function siteLoad(site: {
    pids: number[];
    base: string;
    rss: ReturnType<typeof watchRss>;
    dbCpu: () => number;
  }): SiteLoad {
    return async (name, opts) => {
      if (!wanted(name)) return null;
      site.rss.casePeak();
      const r = await compared(name, opts, site.pids, site.dbCpu);
      return { ...r, peakRss: site.rss.casePeak(), memoryAfter: await memoryReport(site.base) };
    };
  }

  return { ceilingRuns, measureCeiling, compared, siteLoad };
}
