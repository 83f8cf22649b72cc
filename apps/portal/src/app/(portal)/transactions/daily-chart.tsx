'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '@washops/client-core';
import type { DailyTotals } from '../../../transactions/aggregate';

/** Distinguishable colours for up to eight series (the last is "Other"). */
const COLOURS = ['#1f5fbf', '#e07a1f', '#2e9e5b', '#b23a48', '#7b5ea7', '#1c9aa8', '#a67c00', '#7a8594'];

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function dayLabel(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : shortDay.format(time);
}

/** Daily totals per site as stacked bars; the same numbers are in a table for screen readers. */
export function DailyChart({ data }: { data: DailyTotals }) {
  const summary = data.days
    .map((day) => `${dayLabel(day.day)}: ${data.series.map((site) => `${site} ${formatDollars(Number(day[site] ?? 0))}`).join(', ')}`)
    .join('; ');
  return (
    <figure className="card chart" aria-labelledby="daily-chart-title">
      <figcaption id="daily-chart-title">
        <strong>Daily totals per site</strong>
      </figcaption>
      <div className="chart-area" role="img" aria-label={`Daily totals per site. ${summary}`} data-testid="daily-chart">
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data.days} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} />
            <YAxis tickFormatter={(value: number) => compactUsd.format(value)} width={64} />
            <Tooltip formatter={(value) => formatDollars(Number(value))} labelFormatter={(label) => dayLabel(String(label))} />
            {/* In series order (largest first, "Other" last), not alphabetical. */}
            <Legend itemSorter={null} />
            {data.series.map((site, index) => (
              <Bar key={site} dataKey={site} stackId="sites" fill={COLOURS[index % COLOURS.length]} maxBarSize={72} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
