'use client';

import type { ActiveMembersPoint, ChurnPoint } from '@washops/operations';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { SERIES_COLOURS } from '../reports/chart-data';
import { ChartArea, periodLabel } from '../reports/charts';
import { countText, percentText } from '../reports/format';
import { activeByDayOf } from './chart-data';
import { monthLabel } from './cohort-grid';

/** Active members at the end of each day: a line, with the first, last and highest counts in words. */
export function ActiveMembersChart({ active }: { active: readonly ActiveMembersPoint[] }) {
  const points = activeByDayOf(active);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return <div className="table-wrap empty">No days in this range.</div>;
  const peak = points.reduce((best, point) => (point.active > best.active ? point : best), first);
  const words = `Active members: ${countText(first.active)} on ${periodLabel(first.day)}, ${countText(last.active)} on ${periodLabel(last.day)}; the most, ${countText(peak.active)}, on ${periodLabel(peak.day)}.`;
  return (
    <>
      <p className="report-summary" data-testid="active-members-figures">
        {words}
      </p>
      <ChartArea testId="active-members-chart" height={260} label={words}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={periodLabel} minTickGap={24} />
          <YAxis width={56} allowDecimals={false} tickFormatter={(value: number) => countText(value)} />
          <Tooltip formatter={(value) => countText(Number(value))} labelFormatter={(label) => periodLabel(String(label))} />
          <Line type="monotone" dataKey="active" name="Active members" stroke={SERIES_COLOURS[0]} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartArea>
    </>
  );
}

/** Members lost each month, cancelled (voluntary) stacked on declined or suspended (involuntary), with the rates in words. */
export function ChurnChart({ churn }: { churn: readonly ChurnPoint[] }) {
  if (churn.length === 0) return <div className="table-wrap empty">No months in this range.</div>;
  const points = churn.map((row) => ({ month: monthLabel(row.month), voluntary: row.voluntary, involuntary: row.involuntary }));
  const rate = (value: number | null) => (value === null ? 'no members at the start' : percentText(value));
  const words = churn
    .map((row) => `${monthLabel(row.month)}: ${countText(row.voluntary)} cancelled, ${countText(row.involuntary)} declined or suspended, churn ${rate(row.churn)}, retention ${rate(row.retention)}`)
    .join('; ');
  return (
    <ChartArea testId="churn-chart" height={260} label={`Members lost per month. ${words}.`}>
      <BarChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" interval={0} />
        <YAxis width={56} allowDecimals={false} tickFormatter={(value: number) => countText(value)} />
        <Tooltip formatter={(value) => countText(Number(value))} />
        <Legend />
        <Bar dataKey="voluntary" name="Cancelled (voluntary)" stackId="lost" fill={SERIES_COLOURS[0]} maxBarSize={56} isAnimationActive={false} />
        <Bar dataKey="involuntary" name="Declined or suspended (involuntary)" stackId="lost" fill={SERIES_COLOURS[1]} maxBarSize={56} isAnimationActive={false} />
      </BarChart>
    </ChartArea>
  );
}
