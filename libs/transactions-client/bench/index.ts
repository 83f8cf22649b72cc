/**
 * The transactions benchmark (`npm run bench` at the root). Against the simulator with its rate limit on
 * and time scaled 10× (the 15 s window runs as 1 500 ms, a job's working time and the client's poll
 * interval likewise), it measures a 20-page `loadJob` at the default settings and at `concurrency: 1`,
 * and month-long lists (a small site, and a busy one streamed over many windows). For each: requests made, wall time, the rate-limit floor for that many
 * requests, the ratio to it, the speed-up over `concurrency: 1`, and the 429s received.
 */
import { startTransactionsSimulator } from '@washops/transactions-simulator';
import { DEFAULT_CONCURRENCY, DEFAULT_POLL_INTERVAL_MS, TransactionsClient } from '../src/index.js';

const SCALE = 0.1;
const LIMIT = 20;
const WINDOW_MS = 15_000 * SCALE;
/** How long each job stays `working`, before scaling (the simulator's default is 2 000 ms). */
const JOB_DURATION_MS = Number(process.env['BENCH_JOB_MS'] ?? 7_500);
const POLL_INTERVAL_MS = DEFAULT_POLL_INTERVAL_MS * SCALE;
const PAGES = 20;
const DAY = 86_400;

/** The earliest moment a limiter of LIMIT per window, starting empty, can send the `requests`-th request. */
function floorMs(requests: number): number {
  return (Math.ceil(requests / LIMIT) - 1) * WINDOW_MS;
}

function dayRange(daysAgo: number): { startDate: number; endDate: number } {
  const start = Math.floor(Date.now() / 86_400_000) * DAY - daysAgo * DAY;
  return { startDate: start, endDate: start + DAY - 1 };
}

interface Pick {
  /** A site-day whose job export is exactly PAGES pages. */
  site: string;
  range: { startDate: number; endDate: number };
  records: number;
  /** The quietest physical site, for the many-window month-long list. */
  quietSite: string;
}

/**
 * Chooses the benchmark's inputs on a fast throwaway simulator with the same seed (so the same
 * data): a site-day whose export is exactly PAGES pages, and the quietest physical site.
 */
async function pickInputs(): Promise<Pick> {
  const probe = await startTransactionsSimulator({ timeScale: 0.001 });
  const client = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: probe.url, rateLimit: { requests: LIMIT, windowMs: 15 } });
  try {
    const physical = probe.control.sites().map((s) => s.code).filter((code) => code !== 'ECOM');
    const perDay = new Map<string, number>();
    let found: Omit<Pick, 'quietSite'> | undefined;
    for (let daysAgo = 1; daysAgo <= 30 && !found; daysAgo++) {
      for (const site of physical) {
        const range = dayRange(daysAgo);
        const records = (await client.list({ ...range, site })).length;
        if (daysAgo === 1) perDay.set(site, records);
        if (Math.ceil(records / 100) === PAGES) {
          found = { site, range, records };
          if (daysAgo > 1) break;
        }
      }
    }
    if (!found) throw new Error(`No site-day with ${PAGES} pages in the last 30 days`);
    const quietSite = [...perDay].sort((a, b) => a[1] - b[1])[0]?.[0] ?? found.site;
    return { ...found, quietSite };
  } finally {
    await client.close();
    await probe.close();
  }
}

interface Row {
  name: string;
  requests: number;
  wallMs: number;
  floorMs: number;
  speedUp: string;
  rateLimited: number;
  target: string;
}

async function measure(
  sim: Awaited<ReturnType<typeof startTransactionsSimulator>>,
  run: (client: TransactionsClient) => Promise<unknown>,
): Promise<{ requests: number; wallMs: number; rateLimited: number }> {
  sim.control.reset(); // fresh throttle window and job cache, so no run benefits from another
  const client = new TransactionsClient({
    apiId: 'demo',
    apiKey: 'demo-key',
    baseUrl: sim.url,
    rateLimit: { requests: LIMIT, windowMs: WINDOW_MS },
  });
  const started = performance.now();
  await run(client);
  const wallMs = performance.now() - started;
  await client.close();
  const log = sim.control.requests();
  if (log.length !== client.stats.requests) throw new Error(`client counted ${client.stats.requests} requests, server ${log.length}`);
  return { requests: log.length, wallMs, rateLimited: log.filter((r) => r.status === 429).length };
}

const pick = await pickInputs();
const sim = await startTransactionsSimulator({ timeScale: SCALE, jobDurationMs: JOB_DURATION_MS });
try {
  const job = (concurrency?: number) => (client: TransactionsClient) =>
    client.loadJob({ ...pick.range, site: pick.site, pollIntervalMs: POLL_INTERVAL_MS, ...(concurrency ? { concurrency } : {}) }).then((records) => {
      if (records.length !== pick.records) throw new Error(`loadJob returned ${records.length} records, expected ${pick.records}`);
    });
  const serial = await measure(sim, job(1));
  const parallel = await measure(sim, job());
  const month = dayRange(31);
  const monthRange = { startDate: month.startDate, endDate: month.startDate + 31 * DAY };
  const monthRecords: Record<string, number> = {};
  const monthList = (site: string) => async (client: TransactionsClient) => {
    // Streamed: a month of a busy site is tens of thousands of rows; count them, keep one page.
    let count = 0;
    for await (const _row of client.listStream({ ...monthRange, site })) count++;
    monthRecords[site] = count;
  };
  const list = await measure(sim, monthList('ECOM'));
  const bigList = await measure(sim, monthList(pick.quietSite));

  const rows: Row[] = [
    { name: `loadJob ${PAGES} pages, concurrency ${DEFAULT_CONCURRENCY} (default)`, ...parallel, floorMs: floorMs(parallel.requests), speedUp: `${(serial.wallMs / parallel.wallMs).toFixed(2)}×`, target: '≤ 1.25× floor, ≥ 4× speed-up, 0 × 429' },
    { name: `loadJob ${PAGES} pages, concurrency 1`, ...serial, floorMs: floorMs(serial.requests), speedUp: '1.00×', target: '(baseline)' },
    { name: `list, 31 days of ECOM (${monthRecords['ECOM']} records)`, ...list, floorMs: floorMs(list.requests), speedUp: '–', target: '≤ 1.1× floor' },
    { name: `listStream, 31 days of ${pick.quietSite} (${monthRecords[pick.quietSite]} records)`, ...bigList, floorMs: floorMs(bigList.requests), speedUp: '–', target: '≤ 1.1× floor' },
  ];
  console.log(
    `Simulator: time ×${SCALE} (window ${WINDOW_MS} ms, ${LIMIT} requests), job working ${JOB_DURATION_MS * SCALE} ms; ` +
      `client: rateLimit ${LIMIT}/${WINDOW_MS} ms, pollIntervalMs ${POLL_INTERVAL_MS}. Job: ${pick.site}, ` +
      `${new Date(pick.range.startDate * 1000).toISOString().slice(0, 10)}, ${pick.records} records.`,
  );
  console.log('Floor = (ceil(requests / 20) − 1) × window: the earliest the limiter could send the last request.\n');
  const header = ['scenario', 'requests', 'wall ms', 'floor ms', 'ratio', 'speed-up', '429s', 'target'];
  const table = rows.map((r) => [
    r.name,
    String(r.requests),
    r.wallMs.toFixed(0),
    r.floorMs.toFixed(0),
    r.floorMs > 0 ? `${(r.wallMs / r.floorMs).toFixed(2)}×` : 'n/a',
    r.speedUp,
    String(r.rateLimited),
    r.target,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));

  const failures: string[] = [];
  const ratio = parallel.wallMs / floorMs(parallel.requests);
  if (ratio > 1.25) failures.push(`loadJob at ${ratio.toFixed(2)}× the floor (target ≤ 1.25×)`);
  if (serial.wallMs / parallel.wallMs < 4) failures.push(`loadJob speed-up ${(serial.wallMs / parallel.wallMs).toFixed(2)}× (target ≥ 4×)`);
  if (parallel.rateLimited + serial.rateLimited + list.rateLimited + bigList.rateLimited > 0) failures.push('429s received');
  for (const run of [list, bigList]) {
    if (run.wallMs / floorMs(run.requests) > 1.1) failures.push(`a month-long list at ${(run.wallMs / floorMs(run.requests)).toFixed(2)}× the floor (target ≤ 1.1×)`);
  }
  console.log(failures.length === 0 ? '\nAll targets met.' : `\nTargets missed: ${failures.join('; ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await sim.close();
}
