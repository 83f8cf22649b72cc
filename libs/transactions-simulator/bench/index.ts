/**
 * The simulator's own benchmark (`npm run bench` at the root): how fast it answers, so client benchmarks measure the
 * client and the rate limit, not the stand-in. The rate window is scaled away; figures are wall-clock on this machine.
 */
import { startTransactionsSimulator } from '../src/index.js';

const headers = { 'X-Sonnys-API-ID': 'demo', 'X-Sonnys-API-Key': 'demo-key' };

async function timed(url: string, init: RequestInit = {}): Promise<{ ms: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const t0 = performance.now();
  const res = await fetch(url, { ...init, headers });
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, body };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const sim = await startTransactionsSimulator({ timeScale: 0.000_01, jobDurationMs: 0 });
const rows: Array<[string, string]> = [];
try {
  const now = Math.floor(Date.now() / 1000);
  const day = Math.floor(now / 86_400) * 86_400 - 86_400;
  const month = `startDate=${now - 31 * 86_400}&endDate=${now}&limit=100`;

  const cold = await timed(`${sim.url}/transaction?${month}&offset=1`);
  rows.push([`cold: first page of 31 days × ${sim.control.sites().length} sites (total ${cold.body.data.total ?? 'null'})`, `${cold.ms.toFixed(0)} ms`]);
  const deep = await timed(`${sim.url}/transaction?${month}&offset=5000`);
  rows.push(['page 5 000 of that month', `${deep.ms.toFixed(0)} ms`]);

  const pages: number[] = [];
  for (let page = 1; page <= 30; page++) pages.push((await timed(`${sim.url}/transaction?startDate=${day}&endDate=${day + 86_399}&site=NAPER&limit=100&offset=${page}`)).ms);
  rows.push(['warm list page (one site-day), median of 30', `${median(pages).toFixed(1)} ms`]);

  const typed: number[] = [];
  for (let page = 1; page <= 10; page++) typed.push((await timed(`${sim.url}/transaction/type/wash?startDate=${day}&endDate=${day + 86_399}&limit=100&offset=${page}`)).ms);
  rows.push(['type list page (all sites, one day), median of 10', `${median(typed).toFixed(1)} ms`]);

  const ids = (await timed(`${sim.url}/transaction?startDate=${day}&endDate=${day + 86_399}&site=JOLIET&limit=100&offset=3`)).body.data.transactions as Array<{ transId: string }>;
  const gets: number[] = [];
  for (const { transId } of ids.slice(0, 50)) gets.push((await timed(`${sim.url}/transaction/${transId}`)).ms);
  rows.push(['get by id, median of 50', `${median(gets).toFixed(1)} ms`]);

  // A job lives 20 min × timeScale: at 1e-5 that is 12 ms, gone before a slow machine asks for it. 1e-4 keeps 120 ms,
  // while the rate window (1.5 ms) still never fills with one request after another.
  sim.control.setTimeScale(0.000_1);
  const jobs: number[] = [];
  for (let page = 1; page <= 20; page++) {
    const t0 = performance.now();
    const { body } = await timed(`${sim.url}/transaction/load-job?startDate=${day}&endDate=${day + 86_399}&site=NILES&offset=${page}`, { method: 'POST' });
    await timed(`${sim.url}/transaction/get-job-data?hash=${body.data.hash}`);
    jobs.push(performance.now() - t0);
  }
  rows.push(['job page of 100 details (submit + get), median of 20', `${median(jobs).toFixed(1)} ms`]);

  globalThis.gc?.();
  const memory = process.memoryUsage();
  rows.push(['memory after all of it: heap / external / rss', `${(memory.heapUsed / 1e6).toFixed(0)} / ${(memory.external / 1e6).toFixed(0)} / ${(memory.rss / 1e6).toFixed(0)} MB`]);
} finally {
  await sim.close();
}
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
