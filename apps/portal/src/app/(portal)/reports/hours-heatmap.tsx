'use client';

import type { HourReportData } from '@washops/operations';
import { HEAT_STEPS, heatGridOf, heatStep, hourLabel, WEEKDAYS } from './chart-data';
import { countText } from './format';

/**
 * Transactions by the sites' local hour × day of week, as a real table: each cell holds its count
 * in readable text, the colour only repeats it (every step's text reads at 4.5:1 or more).
 */
export function HoursHeatmap({ data, title }: { data: HourReportData; title: string }) {
  const grid = heatGridOf(data);
  if (!grid.hours) return <div className="table-wrap empty">No transactions in this range.</div>;
  const hours = Array.from({ length: grid.hours.last - grid.hours.first + 1 }, (_, index) => (grid.hours?.first ?? 0) + index);
  return (
    <div className="table-wrap heatmap" tabIndex={0} role="region" aria-label={`${title}, heat map`} data-testid="hours-heatmap">
      <table>
        <caption className="visually-hidden">{title}: transactions by day of week (rows) and the sites&apos; local hour (columns)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {hours.map((hour) => (
              <th key={hour} scope="col" className="numeric">
                {hourLabel(hour)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((weekday, day) => (
            <tr key={weekday}>
              <th scope="row">{weekday}</th>
              {hours.map((hour) => {
                const value = grid.rows[day]?.[hour] ?? 0;
                const step = HEAT_STEPS[heatStep(value, grid.max)] ?? HEAT_STEPS[0];
                return (
                  <td key={hour} className="numeric heat-cell" style={{ background: step?.background, color: step?.text }}>
                    {countText(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
