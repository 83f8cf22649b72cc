'use client';

import type { MembershipReportData, SalesReportData } from '@washops/operations';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '@washops/client-core';
import type { ReactElement } from 'react';
import { salesChartOf, SERIES_COLOURS, type Bar as BarDatum } from './chart-data';
import { changeText, countText, percentText } from './format';


const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2026-11-16` → `Nov 16` (a week's Monday, a month's 1st). */
export function periodLabel(period: string): string {
  const time = Date.parse(`${period}T00:00:00Z`);
  return Number.isNaN(time) ? period : shortDay.format(time);
}

/** The drawing: an image to assistive technology, with its figures in words (the table has them all). */
export function ChartArea({ label, testId, height, children }: { label: string; testId: string; height: number; children: ReactElement }) {
  return (
    <div className="chart-area" role="img" aria-label={label} data-testid={testId} style={{ minHeight: height }}>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Revenue per period, stacked by group, and each group's change against the previous period. */
export function SalesChart({ data, title }: { data: SalesReportData; title: string }) {
  const chart = salesChartOf(data);
  const perPeriod = chart.points
    .map((point) => `${periodLabel(String(point['period']))}: ${formatDollars(chart.series.reduce((sum, name) => sum + Number(point[name] ?? 0), 0))}`)
    .join('; ');
  const change = data.previous.complete ? `, ${changeText(data.totals.revenueChange)} against ${data.previous.from} – ${data.previous.to}` : '';
  return (
    <>
      <ChartArea testId="sales-chart" height={280} label={`${title}. Revenue ${formatDollars(data.totals.revenueCents / 100)}${change}. Per period: ${perPeriod}.`}>
        <BarChart data={chart.points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" tickFormatter={periodLabel} />
          <YAxis tickFormatter={(value: number) => compactUsd.format(value)} width={64} />
          <Tooltip formatter={(value) => formatDollars(Number(value))} labelFormatter={(label) => periodLabel(String(label))} />
          <Legend itemSorter={null} />
          {chart.series.map((name, index) => (
            <Bar key={name} dataKey={name} stackId="groups" fill={SERIES_COLOURS[index % SERIES_COLOURS.length]} maxBarSize={72} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartArea>
      <SalesChanges data={data} />
    </>
  );
}

/** The change against the previous period, for all and per group; said plainly when the previous period is not synced. */
function SalesChanges({ data }: { data: SalesReportData }) {
  if (data.previous.currentPartial) {
    return <p className="muted report-note">No change shown: this range is partial, and a missing day is not a fall in sales.</p>;
  }
  if (!data.previous.complete) {
    return (
      <p className="muted report-note">
        No change shown: the previous period ({data.previous.from} – {data.previous.to}) is not wholly synced.
      </p>
    );
  }
  return (
    <ul className="report-changes" aria-label={`Change against ${data.previous.from} – ${data.previous.to}`}>
      {[data.totals, ...(data.groups.length > 1 ? data.groups : [])].map((group) => (
        <li key={group.group}>
          <strong>{group.group}</strong> {formatDollars(group.revenueCents / 100)}{' '}
          <span className={changeClass(group.revenueChange)}>{changeText(group.revenueChange)}</span>
          <span className="muted"> ({countText(group.transactions)} transactions, {changeText(group.transactionsChange)})</span>
        </li>
      ))}
    </ul>
  );
}

function changeClass(change: number | null): string {
  return change === null || change === 0 ? 'change' : change > 0 ? 'change change-up' : 'change change-down';
}

/** Ranked horizontal bars (mix, tenders, staff, discounts): one value per label. */
export function RankedBars({ bars, title, testId, valueText, axisText, seriesName }: {
  bars: BarDatum[];
  title: string;
  testId: string;
  valueText: (value: number) => string;
  axisText: (value: number) => string;
  seriesName: string;
}) {
  if (bars.length === 0) return <div className="table-wrap empty">Nothing to chart in this range.</div>;
  const figures = bars.map((bar) => `${bar.label} ${valueText(bar.value)}`).join('; ');
  return (
    <ChartArea testId={testId} height={bars.length * 30 + 48} label={`${title}. ${seriesName}: ${figures}.`}>
      <BarChart data={bars} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={axisText} />
        <YAxis type="category" dataKey="label" width={180} interval={0} />
        <Tooltip formatter={(value) => valueText(Number(value))} />
        <Bar dataKey="value" name={seriesName} fill={SERIES_COLOURS[0]} maxBarSize={24} isAnimationActive={false} />
      </BarChart>
    </ChartArea>
  );
}

const MEMBERSHIP_SERIES = [
  { key: 'recurringSales', label: 'Plan sales' },
  { key: 'recurringRedemptions', label: 'Plan redemptions' },
  { key: 'prepaidSales', label: 'Prepaid sales' },
  { key: 'prepaidRedemptions', label: 'Prepaid redemptions' },
] as const;

/** Membership sales and redemptions per group, with the members' share of washes in the text. */
export function MembershipChart({ data, title }: { data: MembershipReportData; title: string }) {
  const figures = data.rows
    .map((row) => `${row.group}: ${MEMBERSHIP_SERIES.map((series) => `${countText(row[series.key])} ${series.label.toLowerCase()}`).join(', ')}`)
    .join('; ');
  const share = data.totals.memberShare === null ? '' : ` Members' share of washes ${percentText(data.totals.memberShare)}.`;
  if (data.rows.length === 0) return <div className="table-wrap empty">Nothing to chart in this range.</div>;
  return (
    <ChartArea testId="memberships-chart" height={280} label={`${title}.${share} ${figures}.`}>
      <BarChart data={data.rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="group" interval={0} />
        <YAxis width={56} tickFormatter={(value: number) => countText(value)} />
        <Tooltip formatter={(value) => countText(Number(value))} />
        <Legend />
        {MEMBERSHIP_SERIES.map((series, index) => (
          <Bar key={series.key} dataKey={series.key} name={series.label} fill={SERIES_COLOURS[index]} maxBarSize={40} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartArea>
  );
}
