// The template files: the header a bulk file needs and one example row. Browser-safe: no store, no tenant.
import { createEmployeeInputSchema, disableEmployeeInputSchema } from '@washops/backoffice-client/schemas';
import { stringify } from 'csv-stringify/sync';
import type { BulkKind } from './types.js';

/** The columns of each kind of file: one per field of the library's input, as the library names them. */
export const BULK_COLUMNS: Readonly<Record<BulkKind, readonly string[]>> = {
  create: Object.keys(createEmployeeInputSchema.shape),
  disable: Object.keys(disableEmployeeInputSchema.shape),
};

/** The example row of each template file: it passes the schema (the tenant decides the rest in the dry run). */
export const TEMPLATE_ROWS: Readonly<Record<BulkKind, Readonly<Record<string, string>>>> = {
  create: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '(555) 010-0199',
    email: 'ada.lovelace@example.com',
    posUserId: '4501',
    wageRate: '15.50',
    startDate: '2026-04-01',
    availableSites: 'all',
    permission: 'Cashier',
    departments: 'Greeter;Line',
    requiresBackoffice: 'false',
  },
  disable: { posUserId: '4501', email: '' },
};

/** The template file of a kind: the header and one example row, CRLF as spreadsheets write it. */
export function bulkTemplateCsv(kind: BulkKind): string {
  const columns = BULK_COLUMNS[kind];
  const example = TEMPLATE_ROWS[kind];
  return stringify([[...columns], columns.map((column) => example[column] ?? '')], { record_delimiter: 'windows' });
}
