import type { TransactionsSimulator } from '@washops/transactions-simulator';

// The simulator's own transactions for a site's local days, read over its Data API with plain fetch (job pages), and
// every report's figures computed from those raw records. Shares nothing with the store's rollups, the reports or the
// sync's mapping: the rules are written out again here from the vendor's contract.

const HEADERS = { 'X-Sonnys-API-ID': 'demo', 'X-Sonnys-API-Key': 'demo-key' };

export interface RawTransaction {
  id: string;
  type: string;
  completeDate: string;
  locationCode: string;
  total: number;
  tenders: { tender: string; tenderSubType: string | null; amount: number; change: number }[];
  items: { name: string; department: string; quantity: number; net: number; isVoided: boolean }[];
  discount: Record<string, unknown>[];
  employeeCashier: string | null;
  employeeGreeter: string | null;
  isRecurringPayment: boolean;
  isRecurringRedemption: boolean;
  isRecurringSale: boolean;
  isPrepaidRedemption: boolean;
  isPrepaidSale: boolean;
  isRecurringPlanSale?: boolean;
  isRecurringPlanRedemption?: boolean;
}

export interface SourceRecord extends RawTransaction {
  siteCode: string;
  day: string;
  /** The site's local hour of completion and ISO day of week. */
  hour: number;
  dayOfWeek: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One Data API call, waiting out the rate limit (429) the way any caller must. */
export async function api(sim: TransactionsSimulator, path: string, query: Record<string, string | number>): Promise<Record<string, unknown>> {
  const url = `${sim.url}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await fetch(url, { headers: HEADERS });
    if (response.status === 429) {
      await pause(100);
      continue;
    }
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  }
  throw new Error(`${path}: still rate limited`);
}

function localParts(instant: Date, timeZone: string): { day: string; hour: number; offsetMinutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = /GMT([+-])(\d\d):(\d\d)/.exec(get('timeZoneName'));
  const offsetMinutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')), offsetMinutes };
}

/** The UTC seconds a local day (no DST change in it) spans, inclusive. */
export function localDayWindow(day: string, timeZone: string): { startDate: number; endDate: number } {
  const noon = new Date(`${day}T12:00:00Z`);
  const start = Date.parse(`${day}T00:00:00Z`) / 1000 - localParts(noon, timeZone).offsetMinutes * 60;
  return { startDate: start, endDate: start + 86_399 };
}

/** Every transaction of a site's local day, from the simulator's job pages. */
export async function fetchSiteDay(sim: TransactionsSimulator, siteCode: string, day: string, timeZone: string): Promise<SourceRecord[]> {
  const window = localDayWindow(day, timeZone);
  const out: SourceRecord[] = [];
  for (let page = 1; ; page += 1) {
    const { hash } = (await api(sim, '/transaction/load-job', { site: siteCode, ...window, limit: 100, offset: page })) as { hash: string };
    let result: Record<string, unknown>;
    do {
      await pause(25);
      result = await api(sim, '/transaction/get-job-data', { hash });
    } while (result['status'] !== 'pass');
    const rows = (result['data'] ?? []) as RawTransaction[];
    for (const row of rows) {
      const local = localParts(new Date(row.completeDate), timeZone);
      const dayOfWeek = ((new Date(`${local.day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      out.push({ ...row, siteCode, day: local.day, hour: local.hour, dayOfWeek });
    }
    const total = Number(result['total'] ?? 0);
    if (page * 100 >= total) return out;
  }
}

/** How many of a site's transactions of a local day the vendor lists under one `item_type`. */
export async function typeListCount(sim: TransactionsSimulator, siteCode: string, day: string, timeZone: string, itemType: string): Promise<number> {
  const data = await api(sim, `/transaction/type/${itemType}`, { site: siteCode, ...localDayWindow(day, timeZone), limit: 1 });
  return Number(data['total']);
}

const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);

/** The contract's item_type lists by item department (§2.2), and house-account tenders. */
const TYPE_OF_DEPARTMENT: Record<string, string> = {
  Wash: 'wash',
  'Prepaid Wash': 'prepaid-wash',
  'Recurring Plan': 'recurring',
  WashBook: 'washbook',
  GiftCard: 'giftcard',
  Merchandise: 'merchandise',
  'House Account': 'house-account',
};

export function typesOf(t: RawTransaction): string[] {
  const types = new Set(t.items.map((i) => TYPE_OF_DEPARTMENT[i.department]).filter((x): x is string => Boolean(x)));
  if (t.tenders.some((n) => n.tender === 'Paid On Account' || n.tenderSubType === 'House Account Card' || n.tenderSubType === 'House Account RFID')) types.add('house-account');
  return types.size === 0 ? ['other'] : [...types];
}

function add(map: Map<string, Record<string, number>>, key: string, figures: Record<string, number>): void {
  const row = map.get(key) ?? {};
  for (const [k, v] of Object.entries(figures)) row[k] = (row[k] ?? 0) + v;
  map.set(key, row);
}

const sorted = (map: Map<string, Record<string, number>>) => Object.fromEntries([...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function mondayOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
}

/** Every report's figures, keyed as plain strings, from the raw records. */
export function expectedFigures(records: readonly SourceRecord[]) {
  const sales = { day: new Map(), week: new Map(), month: new Map() } as Record<'day' | 'week' | 'month', Map<string, Record<string, number>>>;
  const categories = new Map<string, Record<string, number>>();
  const departments = new Map<string, Record<string, number>>();
  const items = new Map<string, Record<string, number>>();
  const memberships = new Map<string, Record<string, number>>();
  const tenders = new Map<string, Record<string, number>>();
  const hours = new Map<string, Record<string, number>>();
  const staff = new Map<string, Record<string, number>>();
  const discounts = new Map<string, Record<string, number>>();
  for (const t of records) {
    const money = { transactions: 1, revenueCents: cents(t.total) };
    add(sales.day, `${t.siteCode} ${t.day}`, money);
    add(sales.week, `${t.siteCode} ${mondayOf(t.day)}`, money);
    add(sales.month, `${t.siteCode} ${t.day.slice(0, 8)}01`, money);
    const types = typesOf(t);
    for (const type of types) add(categories, `${t.siteCode} ${type}`, money);
    const lines = t.items.filter((i) => !i.isVoided);
    for (const department of new Set(lines.map((i) => i.department))) {
      const of = lines.filter((i) => i.department === department);
      add(departments, `${t.siteCode} ${department}`, { quantity: of.reduce((n, i) => n + i.quantity, 0), transactions: 1, netCents: of.reduce((n, i) => n + cents(i.net), 0) });
    }
    for (const i of lines) add(items, `${i.name} ${i.department}`, { quantity: i.quantity, netCents: cents(i.net) });
    const wash = t.items.some((i) => i.department === 'Wash');
    const v2 = t.isRecurringPlanSale !== undefined || t.isRecurringPlanRedemption !== undefined;
    add(memberships, t.siteCode, {
      recurringSales: Number(t.isRecurringSale),
      recurringPayments: Number(t.isRecurringPayment),
      recurringRedemptions: Number(t.isRecurringRedemption),
      prepaidSales: Number(t.isPrepaidSale),
      prepaidRedemptions: Number(t.isPrepaidRedemption),
      planSales: Number(t.isRecurringPlanSale === true),
      planRedemptions: Number(t.isRecurringPlanRedemption === true),
      v2Known: Number(v2),
      washes: Number(wash),
      memberWashes: Number(wash && (t.isRecurringRedemption || t.isPrepaidRedemption)),
      membershipRevenueCents: t.isRecurringSale || t.isRecurringPayment ? cents(t.total) : 0,
    });
    for (const n of t.tenders) add(tenders, `${t.siteCode} ${n.tender} ${n.tenderSubType ?? '-'}`, { count: 1, amountCents: cents(n.amount), changeCents: cents(n.change) });
    add(hours, `${t.siteCode} ${t.dayOfWeek} ${t.hour}`, money);
    const membershipSale = t.isRecurringSale || t.isPrepaidSale || t.isRecurringPlanSale === true;
    for (const [employee, role] of [
      [t.employeeCashier, 'cashier'],
      [t.employeeGreeter, 'greeter'],
    ] as const) {
      if (employee) add(staff, `${t.siteCode} ${role} ${employee}`, { ...money, membershipSales: Number(membershipSale) });
    }
    for (const d of t.discount) add(discounts, `${t.siteCode} ${String(d['discountName'])}`, { uses: 1, amountCents: cents(d['discount'] ?? d['discountAmount']) });
  }
  return {
    sales: { day: sorted(sales.day), week: sorted(sales.week), month: sorted(sales.month) },
    categories: sorted(categories),
    departments: sorted(departments),
    items: sorted(items),
    memberships: sorted(memberships),
    tenders: sorted(tenders),
    hours: sorted(hours),
    staff: sorted(staff),
    discounts: sorted(discounts),
  };
}
