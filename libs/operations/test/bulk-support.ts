import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeClient } from '@washops/backoffice-client';
import type { Store } from '@washops/store';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { backofficeConnectionOf, bulkChanges, Operations, type BulkChanges, type OperationsLogger } from '../src/index.js';
import { newEmployee } from './support.js';

/** The engine over a real client to the simulator (its `fetch` injectable, e.g. to arm a fault at the right moment). */
export function bulkFor(store: Store, sim: BackofficeSimulator, options: { fetch?: typeof fetch; logger?: OperationsLogger } = {}): BulkChanges {
  const client = new BackofficeClient({ baseUrl: sim.url, username: 'bot', password: 'bot-password', ...(options.fetch ? { fetch: options.fetch } : {}) });
  const backoffice = backofficeConnectionOf(client);
  const operations = new Operations({ store, backoffice, ...(options.logger ? { logger: options.logger } : {}) });
  return bulkChanges({ store, operations, backoffice, ...(options.logger ? { logger: options.logger } : {}) });
}

/** A hires row (CSV cells) whose POS id, email and phone are free on the seeded tenant. */
export function hireCells(overrides: Record<string, string> = {}): Record<string, string> {
  const e = newEmployee();
  return {
    firstName: e.firstName,
    lastName: e.lastName,
    phone: e.phone,
    email: e.email,
    posUserId: String(e.posUserId),
    wageRate: '17.25',
    startDate: '2026-05-01',
    availableSites: 'WashU Fiesta;nolo',
    permission: 'Cashier',
    departments: 'Greeter',
    ...overrides,
  };
}

/** A CSV file of these rows, with the union of their columns as its header (CRLF, as spreadsheets write). */
export function csvOf(rows: Record<string, string>[], columns?: string[]): string {
  const header = columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return stringify([header, ...rows.map((row) => header.map((column) => row[column] ?? ''))], { record_delimiter: 'windows' });
}

/** The results file as objects by column. */
export function resultRows(csv: string): Record<string, string>[] {
  return parse(csv, { columns: true, bom: true }) as Record<string, string>[];
}

export const actor = { channel: 'cli' as const, name: 'ada' };
