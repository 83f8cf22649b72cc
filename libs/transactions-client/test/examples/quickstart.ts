/**
 * Every operation of the TransactionsClient against a local simulator, time scaled 100× so it runs
 * in about a second. Run from the repo root:
 *   node --conditions=@washops/source --import tsx libs/transactions-client/test/examples/quickstart.ts
 */
import { APITimeoutError, DateRangeError, NotFoundError, RateLimitError, ValidationError, toPublicError } from '@washops/shared-errors';
import { startTransactionsSimulator } from '@washops/transactions-simulator';
import { RateLimiter, TransactionsClient } from '../../src/index.js';

const api = await startTransactionsSimulator({ timeScale: 0.01 }); // the 15 s window runs as 150 ms
const DAY = 86_400;
const yesterday = Math.floor(Date.now() / 86_400_000) * DAY - DAY; // Unix seconds, midnight UTC
const day = { startDate: yesterday, endDate: yesterday + DAY - 1 };

// One client per API id; its rate limiter is shared by all its calls. Match the simulator's scaled window.
await using tx = new TransactionsClient({
  apiId: 'demo',
  apiKey: 'demo-key',
  baseUrl: api.url, // or environment: 'production' | 'sandbox'
  rateLimit: { requests: 20, windowMs: 150 },
  // Every 429 says how long requests now wait (a Retry-After past 60 s is capped, and the call fails at once).
  onRateLimited: ({ waitMs, attempt, path }) => console.log(`rate limited (attempt ${attempt}) on ${path}: waiting ${waitMs} ms`),
});

// listSites: GET /site/list
const sites = await tx.listSites();
const codes = sites.map((s) => s.code).filter((code): code is string => code !== null); // a code may be null
const site = codes.find((code) => code === 'ECOM') ?? codes[0]!; // the online store: a page a day
const busy = codes.find((code) => code !== site)!; // a car wash: many pages a day
console.log(`${sites.length} sites, e.g.`, sites[0]);

// list / listByType / listV2: every page (limit 100, offset = page number), dates as ISO strings, Dates or Unix seconds.
const rows = await tx.list({ startDate: new Date(yesterday * 1000), endDate: `${new Date(day.endDate * 1000).toISOString()}`, site });
const washes = await tx.listByType('giftcard', { ...day, site });
const v2 = await tx.listV2({ ...day, site });
console.log(`list ${rows.length}, gift cards ${washes.length}, v2 ${v2.length}; first v2 row:`, v2[0]);

// Streaming: one page in memory at a time; stop whenever you like.
let total = 0;
for await (const row of tx.listStream({ ...day, site: busy })) {
  total += row.total;
}
console.log(`streamed ${busy}: $${total.toFixed(2)}`);

// Page by page, with the page number and the page count the API's total implies (null when it sends none).
for await (const { page, rows: pageRows, pageCount, last } of tx.listPages({ ...day, site: busy })) {
  console.log(`page ${page}/${pageCount ?? '?'}: ${pageRows.length} rows${last ? ', the last' : ''}`);
}

// get: GET /transaction/{id}; "" fields come back as null, the discount array as `discounts`.
const detail = await tx.get(rows[0]!.transId);
console.log(`transaction ${detail.id}: ${detail.items.length} items, ${detail.tenders[0]?.tender}, discounts ${detail.discounts.length}`);

// loadJob: a day of one site through batch jobs, pages in parallel under the shared limit, with progress.
const records = await tx.loadJob({
  ...day,
  site: busy,
  pollIntervalMs: 20, // 2 000 ms at real time
  onProgress: ({ pagesDone, pagesTotal, records }) => console.log(`  job: ${pagesDone}/${pagesTotal ?? '?'} pages, ${records} records`),
});
console.log(`loadJob ${busy}: ${records.length} records, first has tenders:`, records[0]?.tenders.length);

// Cancel a job (or any call) with an AbortSignal: it rejects at once with the signal's reason.
const controller = new AbortController();
const cancelled = tx.loadJob({ ...day, site, pollIntervalMs: 5_000, signal: controller.signal });
setTimeout(() => controller.abort(new Error('export cancelled by the user')), 20);
await cancelled.catch((error: Error) => console.log(`cancelled: ${error.message}`));

// Errors: validated before any request (nothing sent), then mapped from the API's answers.
for (const attempt of [
  () => tx.list({ startDate: '2026-01-01', endDate: '2026-03-01' }), // DateRangeError: over 31 days
  () => tx.loadJob({ ...day } as never), // ValidationError: loadJob needs a site
  () => tx.get('999:999'), // NotFoundError (404)
]) {
  try {
    await attempt();
  } catch (error) {
    const kind = [DateRangeError, ValidationError, NotFoundError].find((C) => error instanceof C)?.name;
    console.log(`${kind}:`, toPublicError(error).message);
  }
}

// Faults: 5xx and dropped connections are retried; a 429 storm outlasting maxRetries is a RateLimitError.
api.control.inject({ endpoint: 'siteList', kind: 'serverError', count: 2 });
console.log('after two 500s:', (await tx.listSites()).length, 'sites');
api.control.inject({ endpoint: 'siteList', kind: 'rateLimitStorm', count: 10 });
await tx.listSites().catch((error) => {
  if (error instanceof RateLimitError) console.log(`rate limited; retry after ${error.retryAfterMs} ms`);
});
api.control.inject({ endpoint: 'loadJob', kind: 'jobNeverFinishes', count: 1 });
const dayBefore = { startDate: day.startDate - DAY, endDate: day.endDate - DAY }; // new criteria, so a new job
await tx.loadJob({ ...dayBefore, site, pollIntervalMs: 20, timeoutMs: 100 }).catch((error) => {
  if (error instanceof APITimeoutError) console.log(`job timed out: ${error.message}`);
});
api.control.clearFaults();

// Several clients of one API id share one budget.
const shared = RateLimiter.shared('demo', api.url, { requests: 20, windowMs: 150 });
const a = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: api.url, rateLimit: shared });
const b = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: api.url, rateLimit: shared });
await Promise.all([a.listSites(), b.listSites()]);
console.log(`shared limiter sent ${shared.sent} requests`);
await Promise.all([a.close(), b.close()]);

await api.close();
