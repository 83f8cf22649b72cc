import { formatUsd } from '@washops/client-core';
import type { CompareResult, ReportColumn, ReportResult, ReportTable } from '@washops/operations';
import { terminalSafe } from './bulk-format.js';
import { minuteUtc, table } from './format.js';

/** A cell as a person reads it: dollars, percents to one place, counts with separators, `–` for none. */
function cellText(column: ReportColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return terminalSafe(value);
  if (column.kind === 'money') return formatUsd(value);
  if (column.kind === 'percent') return `${(value * 100).toFixed(1)} %`;
  return value.toLocaleString('en-US');
}

/** The table aligned in columns under its labels; numbers line up on the right. */
export function reportTableText(report: ReportTable): string {
  if (report.rows.length === 0) return 'No rows.';
  const rows = [report.columns.map((column) => column.label), ...report.rows.map((row) => report.columns.map((column) => cellText(column, row[column.key])))];
  const widths = report.columns.map((_, index) => Math.max(...rows.map((row) => row[index]?.length ?? 0)));
  const numeric = report.columns.map((column) => column.kind === 'count' || column.kind === 'money' || column.kind === 'percent');
  const aligned = rows.map((row) => row.map((cell, index) => (numeric[index] ? cell.padStart(widths[index] ?? 0) : cell)));
  return table(aligned);
}

/** What the warehouse held of the range: whole (with its oldest sync), or partial and how much. */
export function coverageLine(report: Pick<ReportResult, 'coverage' | 'partial'>): string {
  const { coverage } = report;
  const held = `${coverage.synced.toLocaleString('en-US')} of ${coverage.siteDays.toLocaleString('en-US')} site-days synced`;
  if (report.partial) return `PARTIAL: ${held}; the figures cover those only.`;
  return `Coverage: ${held}${coverage.syncedAt ? `, the oldest at ${minuteUtc(coverage.syncedAt)}` : ''}.`;
}

/** `washops report <kind>`'s table format: title, coverage, the table, the summary. */
export function reportText(report: ReportResult): string {
  return [terminalSafe(report.title), coverageLine(report), '', reportTableText(report.table), '', terminalSafe(report.summary), ''].join('\n');
}

/** `washops report compare`'s table format. */
export function compareText(result: CompareResult): string {
  return [
    terminalSafe(result.title),
    // A comparison is only made of two wholly synced ranges.
    `Coverage: both ranges wholly synced (${result.current.coverage.siteDays.toLocaleString('en-US')} and ${result.previous.coverage.siteDays.toLocaleString('en-US')} site-days).`,
    '',
    reportTableText(result.table),
    '',
    terminalSafe(result.summary),
    '',
  ].join('\n');
}
