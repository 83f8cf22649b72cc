/**
 * The whole Data API through `DataApiClient` against a local simulator, time scaled 100×. Run from the repo root:
 *   node --conditions=@washops/source --import tsx libs/transactions-client/test/examples/data-api.ts
 */
import { DateRangeError, toPublicError } from '@washops/shared-errors';
import { startTransactionsSimulator } from '@washops/transactions-simulator';
import { DataApiClient } from '../../src/index.js';

const sim = await startTransactionsSimulator({ timeScale: 0.01 }); // the 15 s window runs as 150 ms
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const daysAgo = (days: number) => new Date((now - days * DAY) * 1000).toISOString().slice(0, 10); // YYYY-MM-DD

// One client for every resource; `api.transactions` is a TransactionsClient, and all share one rate budget.
await using api = new DataApiClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, rateLimit: { requests: 20, windowMs: 150 } });

/** The first page of a list (the simulator serves customer and membership pages slowly, so the example reads one). */
async function firstRows<T>(pages: AsyncIterable<{ rows: T[] }>): Promise<T[]> {
  for await (const page of pages) return page.rows;
  return [];
}

// Customers: dates as YYYY-MM-DD; a phone number with punctuation is reduced to its digits.
const recent = await firstRows(api.customers.listPages({ startDate: daysAgo(1) }));
const customer = await api.customers.get(recent[0]!.customerId);
const byPhone = customer.phone === null ? [] : await api.customers.list({ phoneNumber: customer.phone });
console.log(`customers created since yesterday (first page): ${recent.length}; ${customer.firstName} found by phone: ${byPhone.some((c) => c.customerId === customer.id)}`);

// Memberships: Unix-second ranges (at most 6 months for the list, 1 month for the details list).
const memberships = await firstRows(api.recurring.listPages({ startDate: now - 7 * DAY, endDate: now }));
const plan = await api.recurring.get(memberships[0]!.id);
const billing = plan.recurringBillings[0];
console.log(`memberships signed up in 7 days (first page): ${memberships.length}; ${plan.planName}, card ending ${billing?.cardLastFour ?? 'none'}`);
for await (const page of api.recurring.listStatusChangesPages({ startDate: now - 7 * DAY, endDate: now })) {
  console.log(`status changes page ${page.page}/${page.pageCount ?? '?'}: ${page.rows.length} rows of at most ${page.pageSize}`);
  break; // stop whenever you like: no further page is fetched
}

// Washbooks (900+ washes is unlimited), gift cards, items, sales outcomes.
const books = await api.washbooks.list({ startDate: now - 30 * DAY, endDate: now });
const cards = await api.giftCards.list({ startDate: now - 7 * DAY, endDate: now });
const items = await api.items.list();
const outcomes = await api.salesOutcomes.list({ startDate: daysAgo(2), endDate: daysAgo(1) });
console.log(`washbooks ${books.length} (unlimited ${books.filter((b) => b.unlimited).length}), gift cards ${cards.length}, items ${items.length}, sales outcomes ${outcomes.length}`);

// The time clock: any range, asked in chunks of at most 14 days.
const [employee] = await api.employees.list();
const shifts = await api.employees.clockEntries(employee!.employeeId, { startDate: daysAgo(20), endDate: daysAgo(0) });
console.log(`${employee!.firstName} ${employee!.lastName}: ${shifts.length} shifts in 21 days, ${shifts.filter((s) => s.clockOut === null).length} open`);

// Range limits are checked before anything is sent.
await api.recurring.listDetails({ startDate: now - 60 * DAY, endDate: now }).catch((error: unknown) => {
  if (error instanceof DateRangeError) console.log('DateRangeError:', toPublicError(error).message);
});
console.log(`requests sent: ${api.transactions.stats.requests}, rate limited: ${api.transactions.stats.rateLimited}`);

await sim.close();
