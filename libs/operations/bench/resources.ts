/**
 * Resources sync benchmark (`npm run bench`): a month of every Data API resource besides the transactions for the demo
 * chain, synced by one worker process against the transactions simulator with its rate limit on (time scale 0.1: 20
 * requests per 1,500 ms), on one shared budget (ceiling 20: no portal beside it). Printed: the requests the simulator
 * saw per endpoint beside the fewest that endpoint's page size and range limit allow for the records the sync saw
 * (`minimumResourceRequests`), their ratio (target ≤ 1.05×) and the 429s (target 0).
 */
import { startTransactionsSimulator } from '@washops/transactions-simulator';
import { addDays, openStore, type Store } from '@washops/store';
import { minimumResourceRequests, openWarehouseSync, type EndpointRead } from '../src/index.js';
import { freshDatabase } from './sync.js';

const TIME_SCALE = 0.1;
const LIMIT = 20;
const DAYS = 30;
const TARGET_RATIO = 1.05;

/** The endpoint a request went to, its ids replaced as `RESOURCE_ENDPOINTS` names them. */
export function endpointOfPath(path: string): string {
  const bare = path.replace(/^\/v1/, '');
  if (/^\/employee\/[^/]+\/clock-entries$/.test(bare)) return '/employee/{id}/clock-entries';
  if (/^\/employee\/[^/]+$/.test(bare)) return '/employee/{id}';
  if (/^\/customer\/[^/]+$/.test(bare)) return '/customer/{id}';
  return bare;
}

export async function runResourceBench(): Promise<boolean> {
  const sim = await startTransactionsSimulator({ timeScale: TIME_SCALE, realism: true });
  const { location, drop } = await freshDatabase();
  let store: Store | undefined;
  try {
    store = await openStore('dataDir' in location ? { dataDir: location.dataDir } : { databaseUrl: location.databaseUrl, maxConnections: 4 });
    const sync = await openWarehouseSync({ store, dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, timeScale: TIME_SCALE }, settings: { budgetCeiling: LIMIT } });
    const to = addDays(new Date().toISOString().slice(0, 10), -1);
    const from = addDays(to, -(DAYS - 1));
    sim.control.clearRequests();
    const reads: EndpointRead[] = [];
    // The employees the clock entries need are read by the backfill itself, and their requests counted with the rest.
    const employeesBefore = await store.resources.windows({ resource: 'employees' });
    const queued = await sync.resources.backfill({ from, to }, { channel: 'cli', name: 'bench' });
    const employeeWindow = (await store.resources.windows({ resource: 'employees' })).find((w) => !employeesBefore.some((b) => b.windowStart === w.windowStart));
    const failed: string[] = [];
    const started = performance.now();
    const worker = await sync.startWorker({
      exitWhenIdle: true,
      schedule: false,
      onWindow: (event) => {
        if (event.kind === 'done') reads.push(...event.reads);
        if (event.kind === 'failed') failed.push(`${event.key.resource} ${event.key.windowStart}: ${event.code} ${event.message}`);
      },
    });
    await worker.done;
    const wallMs = performance.now() - started;
    const employees = await store.resources.listEmployees();
    // The inline employees read is not a worker event: its reads are its records (list pages and one per employee).
    if (employeeWindow) reads.push({ endpoint: '/employee', total: employees.length, rows: employees.length }, { endpoint: '/employee/{id}', total: employees.length, rows: employees.length });
    const log = sim.control.requests().filter((r) => !r.path.includes('/transaction'));
    await sync.close();
    const minimum = minimumResourceRequests(reads, DAYS, employees.length);
    const seen = new Map<string, number>();
    for (const r of log) seen.set(endpointOfPath(r.path), (seen.get(endpointOfPath(r.path)) ?? 0) + 1);
    const throttled = log.filter((r) => r.status === 429).length;
    console.log(
      `\nResources sync, a month (${from} to ${to}) of every resource for the demo chain, transactions simulator (time scale ${TIME_SCALE}: ` +
        `${LIMIT} requests per ${15_000 * TIME_SCALE} ms), one worker process, ceiling ${LIMIT}; ${queued.windows} windows, ${employees.length} employees\n`,
    );
    const rows = Object.entries(minimum.byEndpoint).map(([endpoint, least]) => [endpoint, String(seen.get(endpoint) ?? 0), String(least)]);
    const header = ['endpoint', 'requests', 'minimum'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
    for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
    const ratio = log.length / minimum.total;
    console.log(`all: ${log.length} requests, minimum ${minimum.total}: ${ratio.toFixed(3)}× (target ≤ ${TARGET_RATIO}×); ${throttled} × 429 (target 0); ${(wallMs / 1000).toFixed(1)} s`);
    if (failed.length > 0) console.log(`failed windows:\n  ${failed.join('\n  ')}`);
    return ratio <= TARGET_RATIO && throttled === 0 && failed.length === 0;
  } finally {
    await store?.close();
    await drop();
    await sim.close();
  }
}
