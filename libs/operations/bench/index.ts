/**
 * Bulk changes benchmark (`npm run bench`): 200 hires through the engine against the BackOffice simulator with 20 ms
 * latency per response and an in-memory store. Requests per row (from the simulator's request log) are set beside a
 * single warm `createEmployee` through the same audited operations; the run's wall time beside the floor that
 * latency sets, (rows × round trips per row ÷ concurrency) × latency, where a row's round trips are the sequential
 * waves of that single create. The same bench at 0 ms latency gives the machine's own time (client, simulator and
 * engine on its CPUs), which the floor leaves out; both ratios are printed. Every figure is measured here.
 */
import { BackofficeClient, type CreateEmployeeInput } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator, type LoggedRequest } from '@washops/backoffice-simulator';
import { openStore, type Store } from '@washops/store';
import { backofficeConnectionOf, bulkChanges, BULK_LIMITS, Operations, type BackofficeConnection } from '../src/index.js';
import { runKpiBench } from './kpis.js';
import { runResourceBench } from './resources.js';
import { runSyncBench } from './sync.js';

const LATENCY_MS = 20;
const ROWS = 200;
const CONCURRENCY = BULK_LIMITS.defaultConcurrency;
const TARGET_RATIO = 1.2;
const ACTOR = { channel: 'cli', name: 'bench' } as const;

interface Timed {
  start: number;
  end: number;
}

/** A fetch that notes when each request started and ended, to count its sequential waves. */
function timingFetch(): { fetch: typeof fetch; calls: Timed[] } {
  const calls: Timed[] = [];
  const timed: typeof fetch = async (input, init) => {
    const call = { start: performance.now(), end: Number.POSITIVE_INFINITY };
    calls.push(call);
    try {
      return await fetch(input, init);
    } finally {
      call.end = performance.now();
    }
  };
  return { fetch: timed, calls };
}

/** Waves: a request that starts after another has ended is one wave later than it. */
function waves(calls: readonly Timed[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const waveOf: number[] = [];
  sorted.forEach((call, i) => {
    let wave = 1;
    for (let j = 0; j < i; j++) if ((sorted[j] as Timed).end <= call.start) wave = Math.max(wave, (waveOf[j] ?? 0) + 1);
    waveOf.push(wave);
  });
  return Math.max(0, ...waveOf);
}

function isSignIn(request: LoggedRequest): boolean {
  return request.path.startsWith('/login');
}

/** A hire no one on the simulated tenant has: POS ids, emails and phones from a range the seed does not use. */
function hire(n: number): Record<string, string> {
  const id = 700_000 + n;
  return {
    firstName: 'Bench',
    lastName: `Hire${n}`,
    phone: `(777) ${String(200 + Math.floor(n / 1000)).padStart(3, '0')}-${String(n % 10_000).padStart(4, '0')}`,
    email: `bench.hire${id}@example.invalid`,
    posUserId: String(id),
    wageRate: '16.50',
    startDate: '2026-05-01',
    availableSites: 'WashU Fiesta;nolo',
    permission: 'Cashier',
    departments: 'Greeter',
  };
}

function csvOf(rows: Record<string, string>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  return [columns.join(','), ...rows.map((row) => columns.map((column) => row[column] ?? '').join(','))].join('\n') + '\n';
}

interface Setup {
  store: Store;
  operations: Operations;
  backoffice: BackofficeConnection;
  calls: Timed[];
}

async function setUp(sim: BackofficeSimulator): Promise<Setup> {
  const store = await openStore({ inMemory: true });
  const recorder = timingFetch();
  const backoffice = backofficeConnectionOf(new BackofficeClient({ baseUrl: sim.url, username: 'bot', password: 'bot-password', fetch: recorder.fetch }));
  return { store, operations: new Operations({ store, backoffice }), backoffice, calls: recorder.calls };
}

/** One create through the audited operations with warm caches: its requests and sequential waves. */
async function singleWarmCreate(sim: BackofficeSimulator, setup: Setup): Promise<{ requests: number; waves: number; ms: number; byRoute: Map<string, number> }> {
  const reads = setup.backoffice.reads;
  await Promise.all([reads.listSites(), reads.listDepartments(), reads.listPermissions({ scope: 'pos' }), reads.isPosUserIdAvailable(1)]);
  const row = hire(ROWS + 1);
  const input: CreateEmployeeInput = {
    firstName: row['firstName'] as string,
    lastName: row['lastName'] as string,
    phone: row['phone'] as string,
    email: row['email'] as string,
    posUserId: Number(row['posUserId']),
    wageRate: Number(row['wageRate']),
    startDate: row['startDate'] as string,
    availableSites: ['WashU Fiesta', 'nolo'],
    permission: 'Cashier',
    departments: ['Greeter'],
  };
  sim.control.clearRequests();
  setup.calls.length = 0;
  const started = performance.now();
  await setup.operations.as(ACTOR).createEmployee(input);
  const ms = performance.now() - started;
  const logged = sim.control.requests();
  return { requests: logged.filter((r) => !isSignIn(r)).length, waves: waves(setup.calls), ms, byRoute: routes(logged) };
}

/** `GET /employee/12` and `GET /employee/13` are one route: `GET /employee/:n`. */
function routes(requests: readonly LoggedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    if (isSignIn(request)) continue;
    const route = `${request.method} ${request.path.replace(/\/\d+/g, '/:n')}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
  }
  return counts;
}

async function bulkRun(sim: BackofficeSimulator, setup: Setup) {
  const engine = bulkChanges({ store: setup.store, operations: setup.operations, backoffice: setup.backoffice });
  const rows = Array.from({ length: ROWS }, (_, i) => hire(i + 1));
  const sheet = engine.parseCsv('create', { name: 'bench-hires.csv', content: csvOf(rows) });
  sim.control.clearRequests();
  let started = performance.now();
  const { run, report } = await engine.prepare(ACTOR, sheet, { concurrency: CONCURRENCY });
  const prepareMs = performance.now() - started;
  const prepareRequests = sim.control.requests().length;
  if (report.counts.error > 0) throw new Error(`the bench file has ${report.counts.error} rows with errors: ${JSON.stringify(report.rows.find((r) => r.status === 'error')?.errors)}`);
  sim.control.clearRequests();
  started = performance.now();
  const ended = await engine.execute(run.id, { concurrency: CONCURRENCY });
  const executeMs = performance.now() - started;
  const logged = sim.control.requests();
  if (ended.state !== 'finished' || ended.progress.done !== ROWS) throw new Error(`the run ended ${ended.state} with ${ended.progress.done} of ${ROWS} done`);
  return {
    prepareMs,
    prepareRequests,
    executeMs,
    requests: logged.filter((r) => !isSignIn(r)).length,
    posts: logged.filter((r) => r.method === 'POST' && !isSignIn(r)).length,
    byRoute: routes(logged),
  };
}

interface Measured {
  single: Awaited<ReturnType<typeof singleWarmCreate>>;
  bulk: Awaited<ReturnType<typeof bulkRun>>;
}

/** The single warm create, then the run, against a simulator that answers after `latencyMs`. */
async function measure(latencyMs: number): Promise<Measured> {
  const sim = await startBackofficeSimulator({ seed: 'bench-bulk', latencyMs });
  const setup = await setUp(sim);
  try {
    const single = await singleWarmCreate(sim, setup);
    return { single, bulk: await bulkRun(sim, setup) };
  } finally {
    await setup.backoffice.close();
    await setup.store.close();
    await sim.close();
  }
}

const ms = (value: number): string => `${Math.round(value)} ms`;
const perRoute = (counts: Map<string, number>, per: number) => [...counts].map(([route, count]) => `${route} ×${(count / per).toFixed(2)}`).join(', ');

const slow = await measure(LATENCY_MS);
// The same work with answers at once: what is left is the machine's time (client, simulator and engine on its CPUs).
const fast = await measure(0);

const { single, bulk } = slow;
const perRow = bulk.requests / ROWS;
const floorMs = ((ROWS * single.waves) / CONCURRENCY) * LATENCY_MS;
const cpuOnlyMs = fast.bulk.executeMs;
const lane = (m: Measured) => m.bulk.executeMs / (ROWS / CONCURRENCY);
const lines: [string, string][] = [
  ['single warm createEmployee (operations)', `${single.requests} requests in ${single.waves} sequential round trips, ${ms(single.ms)} (${ms(fast.single.ms)} at 0 ms latency)`],
  [`bulk run: ${ROWS} hires, concurrency ${CONCURRENCY}`, `${bulk.requests} requests (${bulk.posts} write POSTs): ${perRow.toFixed(2)} per row`],
  ['requests per row ÷ single warm create', `${(perRow / single.requests).toFixed(2)} (target 1.00)`],
  ['dry run inside prepare (reads, once per file)', `${bulk.prepareRequests} requests, ${ms(bulk.prepareMs)}`],
  ['run wall time', ms(bulk.executeMs)],
  [`latency floor (${ROWS} × ${single.waves} ÷ ${CONCURRENCY}) × ${LATENCY_MS} ms`, ms(floorMs)],
  ['wall time ÷ latency floor (the issue’s ratio)', `${(bulk.executeMs / floorMs).toFixed(2)}× (target ≤ ${TARGET_RATIO}×)`],
  ['the same run at 0 ms latency (machine time)', `${ms(cpuOnlyMs)}: ${(cpuOnlyMs / fast.bulk.requests).toFixed(1)} ms per request, ${fast.bulk.requests} requests`],
  ['wall time ÷ (latency floor + machine time)', `${(bulk.executeMs / (floorMs + cpuOnlyMs)).toFixed(2)}× (the ratio with this machine’s own time taken out)`],
  // A lane works its rows one after another: its time per row beside one create alone is what the engine adds.
  ['run time per row per lane ÷ single warm create', `${(lane(slow) / single.ms).toFixed(2)}× (${ms(lane(slow))} vs ${ms(single.ms)})`],
  ['  the same at 0 ms latency', `${(lane(fast) / fast.single.ms).toFixed(2)}× (${lane(fast).toFixed(1)} ms vs ${fast.single.ms.toFixed(1)} ms)`],
  ['  a single create, by route', perRoute(single.byRoute, 1)],
  ['  the run, per row, by route', perRoute(bulk.byRoute, ROWS)],
];
const width = Math.max(...lines.map(([label]) => label.length));
console.log(`Bulk hires through the engine, BackOffice simulator with ${LATENCY_MS} ms latency per response (and 0 ms), in-memory store\n`);
for (const [label, value] of lines) console.log(`${label.padEnd(width)}  ${value}`);

// The warehouse sync's proofs (bench/sync.ts), after the bulk bench so the two do not share the machine.
if (!(await runSyncBench())) console.log('warehouse backfill: a target above was missed');
// A month of the other resources (bench/resources.ts).
if (!(await runResourceBench())) console.log('resources sync: a target above was missed');
// The explorer from the warehouse beside the live Data API (bench/explorer-vs-live.ts).
await import('./explorer-vs-live.js');
// The operator's numbers over a month and a year of the demo chain (bench/kpis.ts).
if (!(await runKpiBench())) console.log("operator's numbers: a target above was missed");
