import { RangeNotSyncedError } from '@washops/shared-errors';
import { addDays, type KpiCoverage, type KpiFigures } from '@washops/store';
import type { Kpis } from '../kpis/types.js';
import { counted } from '../reports/format.js';

// What one site's digest for one local day says, read through the numbers service (README, "The operator's
// numbers"): the day, the month to date and the last seven days, and the members active at the day's end.

export type DigestPeriodKey = 'day' | 'monthToDate' | 'lastSevenDays';

export interface DigestPeriod {
  key: DigestPeriodKey;
  label: string;
  from: string;
  to: string;
  /** `null` when the warehouse does not hold the period's transactions whole: no figure is shown then. */
  figures: KpiFigures | null;
  /** Whether the labor figures stand: the employees and their clock entries are synced over the period. */
  laborSynced: boolean;
  /** Why figures are missing, in words for the mail (what is not synced). */
  missing: string[];
}

export interface DigestContent {
  siteCode: string;
  siteName: string;
  day: string;
  periods: DigestPeriod[];
  /** Memberships active at the end of the day; `null` when memberships and status changes are not synced for it. */
  activeMembers: number | null;
  activeMembersMissing: string | null;
  /** Whether the day's own transactions are held whole: only then is the digest sent. */
  daySynced: boolean;
  syncedAt: Date | null;
}

function missingParts(coverage: KpiCoverage): string[] {
  const parts: string[] = [];
  const tx = coverage.transactions;
  if (tx && !tx.complete) parts.push(`transactions (${tx.synced} of ${counted(tx.siteDays, 'day')} synced)`);
  for (const r of coverage.resources) if (!r.complete) parts.push(r.resource);
  return parts;
}

async function period(kpis: Kpis, siteCode: string, key: DigestPeriodKey, label: string, from: string, to: string): Promise<DigestPeriod & { syncedAt: Date | null }> {
  const answer = await kpis.summary({ from, to, sites: [siteCode], groupBy: 'chain', allowPartial: true });
  const transactionsWhole = answer.coverage.transactions?.complete === true;
  const laborSynced = answer.coverage.resources.every((r) => r.complete);
  return {
    key,
    label,
    from,
    to,
    figures: transactionsWhole ? (answer.data[0] ?? null) : null,
    laborSynced,
    missing: missingParts(answer.coverage),
    syncedAt: answer.coverage.syncedAt,
  };
}

/** The digest's figures for `siteCode` on local day `day`; `siteName` is the site's name as the warehouse holds it. */
export async function digestContent(kpis: Kpis, site: { siteCode: string; name: string }, day: string): Promise<DigestContent> {
  const { siteCode } = site;
  const periods = [
    await period(kpis, siteCode, 'day', day, day, day),
    await period(kpis, siteCode, 'monthToDate', 'Month to date', `${day.slice(0, 8)}01`, day),
    await period(kpis, siteCode, 'lastSevenDays', 'Last 7 days', addDays(day, -6), day),
  ];
  let activeMembers: number | null = null;
  let activeMembersMissing: string | null = null;
  try {
    const members = await kpis.memberships({ from: day, to: day, sites: [siteCode], groupBy: 'site' });
    activeMembers = members.data.active.find((a) => a.day === day)?.active ?? 0;
  } catch (error) {
    if (!(error instanceof RangeNotSyncedError)) throw error;
    activeMembersMissing = 'memberships and their status changes are not synced for this day';
  }
  const [first] = periods;
  return {
    siteCode,
    siteName: site.name,
    day,
    periods: periods.map(({ syncedAt: _syncedAt, ...p }) => p),
    activeMembers,
    activeMembersMissing,
    daySynced: first?.figures !== null,
    syncedAt: first?.syncedAt ?? null,
  };
}
