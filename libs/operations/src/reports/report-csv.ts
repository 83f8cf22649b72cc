import { csvSafeText, formatCents } from '@washops/client-core';
import { stringify } from 'csv-stringify/sync';
import type { ReportColumn, ReportTable } from './types.js';

/** A fraction to six places: enough for a percent to four, without float noise (`0.30000000000000004`). */
const fraction = (value: number): string => String(Math.round(value * 1e6) / 1e6);

function cell(column: ReportColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvSafeText(value);
  if (column.kind === 'money') return formatCents(value);
  if (column.kind === 'percent') return fraction(value);
  return String(value);
}

/**
 * A report's table as CSV (header of labels, CRLF rows, RFC 4180 quoting), as the portal downloads it and
 * `washops report --format csv` prints it: money in dollars with two places (`1234.50`), percents as fractions
 * (`0.25`), an empty cell for no value, text made formula-safe.
 */
export function reportCsv(table: ReportTable): string {
  const rows = [table.columns.map((column) => csvSafeText(column.label)), ...table.rows.map((row) => table.columns.map((column) => cell(column, row[column.key])))];
  return stringify(rows, { record_delimiter: 'windows' });
}
