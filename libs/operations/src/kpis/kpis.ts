import { parseInput, throwIfAborted } from '@washops/client-core';
import { RangeNotSyncedError } from '@washops/shared-errors';
import { addDays, kpiFigures, mondayOf, sumSiteDays, ZERO_COMPONENTS, type KpiCoverage, type KpiScope, type KpiSource, type KpiSiteDay } from '@washops/store';
import { counted, dollars, percent, rangeLabel } from '../reports/format.js';
import { byGroup, sumBy } from '../reports/grouping.js';
import { rangeNotSynced, reportContext, type ReportContext } from '../reports/scope.js';

import { kpiRequestSchema, type KpiGrouping, type KpiRequest } from './schemas.js';
import type { AdvisorPoint, ChurnPoint, CohortPoint, KpiAnswer, Kpis, KpisDeps, KpiScopeView, KpiSummaryRow, LiabilityPoint, MembershipAnswer } from './types.js';

/** What each answer reads, so its coverage names exactly those. */
const SOURCES = {
  summary: ['transactions', 'employees', 'clock-entries'],
  memberships: ['memberships', 'status-changes'],
  advisors: ['sales-outcomes'],
  liability: ['transactions', 'gift-cards', 'washbooks'],
} as const satisfies Record<keyof Kpis, readonly KpiSource[]>;

const BY_PERIOD: ReadonlySet<KpiGrouping> = new Set(['day', 'week', 'month']);
const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

interface KpiContext {
  report: ReportContext;
  groupBy: KpiGrouping;
  query: KpiScope;
  view: KpiScopeView;
  /** The row's group: its period (day, Monday, 1st) or its site's group. */
  groupOf(siteCode: string, day: string): string;
}

async function contextOf(deps: KpisDeps, request: KpiRequest, signal: AbortSignal | undefined): Promise<KpiContext & { allowPartial: boolean }> {
  const parsed = parseInput(kpiRequestSchema, request, 'request for the operator\'s numbers');
  throwIfAborted(signal);
  const groupBy = parsed.groupBy ?? 'site';
  const byPeriod = BY_PERIOD.has(groupBy);
  const report = await reportContext(deps, { from: parsed.from, to: parsed.to, sites: parsed.sites, region: parsed.region, groupBy: byPeriod ? 'chain' : (groupBy as 'site' | 'region' | 'chain') }, signal);
  const periodOf = (day: string) => (groupBy === 'week' ? mondayOf(day) : groupBy === 'month' ? `${day.slice(0, 8)}01` : day);
  return {
    report,
    groupBy,
    query: report.query,
    view: { from: parsed.from, to: parsed.to, siteCodes: report.scope.siteCodes, region: report.scope.region, groupBy },
    groupOf: (siteCode, day) => (byPeriod ? periodOf(day) : report.groupOf(siteCode)),
    allowPartial: parsed.allowPartial === true,
  };
}

/** The refusal of a range some source holds only partly: the transactions' own message, or the resources missing. */
function notSynced(coverage: KpiCoverage, range: { from: string; to: string }): RangeNotSyncedError {
  if (coverage.transactions && !coverage.transactions.complete) return rangeNotSynced(coverage.transactions, range);
  const missing = coverage.resources.filter((r) => !r.complete);
  const named = missing.map((r) => `${r.resource}${r.missingDays.length > 0 ? ` (first missing day ${r.missingDays[0]})` : ''}`).join(', ');
  return new RangeNotSyncedError(
    `The warehouse does not hold ${rangeLabel(range)} whole for ${named}. Backfill it on the portal's Data sync page or with \`washops sync resources --from ${range.from} --to ${addDays(range.to, 1)} --resources ${missing.map((r) => r.resource).join(',')} --wait\` (UTC days: a local day runs into the next); then ask again, or ask for a partial answer.`,
    { details: { from: range.from, to: range.to, resources: missing.map((r) => ({ resource: r.resource, missingDays: r.missingDays.slice(0, 5) })) } },
  );
}

/** Checks the coverage of the sources an answer reads, refuses a partial range unless allowed, then reads and shapes. */
async function answer<Data>(
  deps: KpisDeps,
  request: KpiRequest,
  options: { signal?: AbortSignal } | undefined,
  sources: readonly KpiSource[],
  read: (context: KpiContext) => Promise<Data>,
  describe: (data: Data, context: KpiContext) => string,
): Promise<KpiAnswer<Data>> {
  const signal = options?.signal;
  const context = await contextOf(deps, request, signal);
  const coverage = await deps.store.kpis.coverage(context.query, sources);
  throwIfAborted(signal);
  if (!coverage.complete && !context.allowPartial) throw notSynced(coverage, context.view);
  const data = await read(context);
  throwIfAborted(signal);
  const partial = !coverage.complete;
  const sentence = describe(data, context);
  return { scope: context.view, coverage, partial, data, summary: partial ? `Partial: the warehouse does not hold all of ${rangeLabel(context.view)}, and the figures cover what it holds. ${sentence}` : sentence };
}

const groupOrder = (groupBy: KpiGrouping) => (a: { group: string }, b: { group: string }) => (BY_PERIOD.has(groupBy) ? a.group.localeCompare(b.group) : byGroup(a, b));

async function summaryRows(deps: KpisDeps, context: KpiContext): Promise<KpiSummaryRow[]> {
  const siteDays: KpiSiteDay[] = await deps.store.kpis.siteDays(context.query);
  const sums = sumSiteDays(siteDays, (row) => context.groupOf(row.siteCode, row.day));
  return [...sums].map(([group, components]) => ({ group, ...kpiFigures(components) })).sort(groupOrder(context.groupBy));
}

function summarySentence(rows: KpiSummaryRow[], context: KpiContext): string {
  const total = kpiFigures(
    rows.reduce(
      (sum, row) => {
        for (const key of Object.keys(sum) as Array<keyof typeof sum>) sum[key] += row[key];
        return sum;
      },
      { ...ZERO_COMPONENTS },
    ),
  );
  const conversion = total.conversion === null ? 'no eligible washes' : `conversion ${percent(total.conversion)}`;
  const labor = total.laborShareOfSales === null ? 'no sales to weigh labor against' : `labor ${percent(total.laborShareOfSales)} of sales, ${total.laborCostPerCarCents === null ? 'no cars' : `${dollars(total.laborCostPerCarCents)} a car`}`;
  return `${rangeLabel(context.view)}, ${context.report.label}: ${counted(total.cars, 'car')} (${counted(total.memberCars, 'member wash', 'member washes')}, ${counted(total.retailCars, 'retail wash', 'retail washes')}), sales ${dollars(total.salesCents)}, ${counted(total.newMemberships, 'new membership')}, ${conversion}; ${labor}.`;
}

async function membershipData(deps: KpisDeps, context: KpiContext): Promise<MembershipAnswer> {
  const kpis = await deps.store.kpis.memberships(context.query);
  // By period, members sum over the chain: a period grouping keeps the days and months themselves.
  const groupOf = (siteCode: string) => (BY_PERIOD.has(context.groupBy) ? context.report.groupOf(siteCode) : context.groupOf(siteCode, context.view.from));
  const active = sumBy(
    kpis.activeByDay,
    (r) => `${groupOf(r.siteCode)}\u0000${r.day}`,
    (r) => ({ group: groupOf(r.siteCode), day: r.day, active: 0 }),
    (t, r) => void (t.active += r.active),
  );
  const churn = sumBy(
    kpis.churn,
    (r) => `${groupOf(r.siteCode)}\u0000${r.month}`,
    (r): ChurnPoint => ({ group: groupOf(r.siteCode), month: r.month, from: r.from, to: r.to, activeAtStart: 0, voluntary: 0, involuntary: 0, retained: 0, joined: 0, activeAtEnd: 0, voluntaryChurn: null, involuntaryChurn: null, churn: null, retention: null }),
    (t, r) => {
      t.activeAtStart += r.activeAtStart;
      t.voluntary += r.voluntary;
      t.involuntary += r.involuntary;
      t.retained += r.retained;
      t.joined += r.joined;
      t.activeAtEnd += r.activeAtEnd;
    },
  ).map((t) => ({ ...t, voluntaryChurn: ratio(t.voluntary, t.activeAtStart), involuntaryChurn: ratio(t.involuntary, t.activeAtStart), churn: ratio(t.voluntary + t.involuntary, t.activeAtStart), retention: ratio(t.retained, t.activeAtStart) }));
  const cohorts = sumBy(
    kpis.cohorts,
    (r) => `${groupOf(r.siteCode)}\u0000${r.joinMonth}\u0000${r.plan}`,
    (r): CohortPoint => ({ group: groupOf(r.siteCode), joinMonth: r.joinMonth, plan: r.plan, members: 0, months: r.active.map((a) => ({ month: a.month, active: 0, share: null })) }),
    (t, r) => {
      t.members += r.members;
      for (const [i, a] of r.active.entries()) (t.months[i] as { active: number }).active += a.active;
    },
  ).map((t) => ({ ...t, months: t.months.map((m) => ({ ...m, share: ratio(m.active, t.members) })) }));
  return { active, churn: churn.sort((a, b) => byGroup(a, b) || a.month.localeCompare(b.month)), cohorts: cohorts.sort((a, b) => byGroup(a, b) || a.joinMonth.localeCompare(b.joinMonth) || a.plan.localeCompare(b.plan)) };
}

function membershipSentence(data: MembershipAnswer, context: KpiContext): string {
  const months = data.churn;
  const start = months.reduce((n, m) => n + m.activeAtStart, 0);
  const voluntary = months.reduce((n, m) => n + m.voluntary, 0);
  const involuntary = months.reduce((n, m) => n + m.involuntary, 0);
  if (start === 0) return `${rangeLabel(context.view)}, ${context.report.label}: no active members known at the start of any month.`;
  return `${rangeLabel(context.view)}, ${context.report.label}: of ${counted(start, 'member')} active at the months' starts, ${counted(voluntary, 'cancellation')} (${percent(voluntary / start)}) and ${counted(involuntary, 'involuntary loss', 'involuntary losses')} (${percent(involuntary / start)}).`;
}

export function openKpis(deps: KpisDeps): Kpis {
  return {
    summary: (request, options) => answer(deps, request, options, SOURCES.summary, (context) => summaryRows(deps, context), summarySentence),
    memberships: (request, options) => answer(deps, request, options, SOURCES.memberships, (context) => membershipData(deps, context), membershipSentence),
    advisors: (request, options) =>
      answer(
        deps,
        request,
        options,
        SOURCES.advisors,
        async (context): Promise<AdvisorPoint[]> => {
          const rows = await deps.store.kpis.advisors(context.query);
          const groupOf = (siteCode: string) => context.groupOf(siteCode, context.view.from);
          return sumBy(
            rows,
            (r) => `${groupOf(r.siteCode)}\u0000${r.employeeId}`,
            (r): AdvisorPoint => ({ group: groupOf(r.siteCode), employeeId: r.employeeId, employeeName: r.employeeName, offers: 0, conversions: 0, conversionRate: null }),
            (t, r) => {
              t.offers += r.offers;
              t.conversions += r.conversions;
            },
          )
            .map((t) => ({ ...t, conversionRate: ratio(t.conversions, t.offers) }))
            .sort((a, b) => byGroup(a, b) || b.offers - a.offers || a.employeeId.localeCompare(b.employeeId));
        },
        (rows, context) => `${rangeLabel(context.view)}, ${context.report.label}: ${counted(rows.reduce((n, r) => n + r.offers, 0), 'membership offer')}, ${counted(rows.reduce((n, r) => n + r.conversions, 0), 'conversion')}, by ${counted(new Set(rows.map((r) => r.employeeId)).size, 'employee')}.`,
      ),
    liability: (request, options) =>
      answer(
        deps,
        request,
        options,
        SOURCES.liability,
        async (context): Promise<LiabilityPoint[]> => {
          const rows = await deps.store.kpis.liability(context.query);
          const groupOf = (siteCode: string) => context.groupOf(siteCode, context.view.from);
          const fields = ['giftCards', 'giftCardOutstandingCents', 'giftCardSoldCents', 'giftCardRedeemedCents', 'giftCardChangeCents', 'washbooks', 'washbookWashesOutstanding', 'washbooksSold', 'washbookWashesRedeemed'] as const;
          return sumBy(
            rows,
            (r) => groupOf(r.siteCode),
            (r): LiabilityPoint => ({ group: groupOf(r.siteCode), ...(Object.fromEntries(fields.map((f) => [f, 0])) as Omit<LiabilityPoint, 'group'>) }),
            (t, r) => {
              for (const f of fields) t[f] += r[f];
            },
          ).sort(byGroup);
        },
        (rows, context) => {
          const outstanding = rows.reduce((n, r) => n + r.giftCardOutstandingCents, 0);
          const change = rows.reduce((n, r) => n + r.giftCardChangeCents, 0);
          return `${context.report.label}: gift cards outstanding ${dollars(outstanding)} as last synced; ${rangeLabel(context.view)} added ${dollars(change)} net (sold less redeemed); washbooks hold ${counted(rows.reduce((n, r) => n + r.washbookWashesOutstanding, 0), 'wash', 'washes')}.`;
        },
      ),
  };
}
