// What a run shows: its view, each row's result, and the results file (the one place a generated secret appears).
import { csvSafeText } from '@washops/client-core';
import type { BulkRowRecord, BulkRunCounts, BulkRunRecord, Store } from '@washops/store';
import { stringify } from 'csv-stringify/sync';
import { progressOf } from './execute.js';
import { BULK_RESULT_COLUMNS, type BulkRowResult, type BulkRunView } from './types.js';

export function runView(run: BulkRunRecord, counts: BulkRunCounts | undefined): BulkRunView {
  return {
    id: run.id,
    kind: run.kind,
    fileName: run.fileName,
    fileHash: run.fileHash,
    actor: { ...run.actor },
    state: run.state,
    concurrency: run.concurrency,
    progress: progressOf(run.rowsTotal, counts?.byState),
    secretsAvailable: (counts?.withSecrets ?? 0) > 0,
    secretsRevealedAt: run.secretsRevealedAt?.toISOString() ?? null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    updatedAt: run.updatedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function viewsOf(store: Store, runs: BulkRunRecord[]): Promise<BulkRunView[]> {
  const counts = await store.bulkRuns.counts(runs.map((run) => run.id));
  return runs.map((run) => runView(run, counts.get(run.id)));
}

const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numberOr = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export function rowResult(row: BulkRowRecord): BulkRowResult {
  const warnings = row.outcome?.['warnings'];
  return {
    rowNumber: row.rowNumber,
    state: row.state,
    employeeId: row.employeeId,
    posUserId: numberOr(row.input['posUserId']),
    email: stringOr(row.input['email']),
    code: row.error?.code ?? null,
    message: row.error?.message ?? null,
    field: row.error?.field ?? null,
    warnings: Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === 'string') : [],
    backofficeUsername: stringOr(row.outcome?.['backofficeUsername']),
  };
}

/** How a row reads in the results file's `outcome` column. */
const OUTCOME_WORDS: Record<string, Record<BulkRowRecord['state'], string>> = {
  create: { done: 'created', partial: 'partly created', failed: 'failed', running: 'unknown (resume to settle)', pending: 'not run' },
  disable: { done: 'disabled', partial: 'partly disabled', failed: 'failed', running: 'unknown (resume to settle)', pending: 'not run' },
};

/** A secret cell: the value when shown now, a note once it was shown, else empty. A row whose employee is not there shows none. */
function secretCell(row: BulkRowRecord, secrets: Record<string, string | number> | undefined, key: string, revealedAt: Date | null, applies: boolean): string {
  if (!applies || (row.employeeId === null && row.state !== 'running')) return '';
  const value = secrets?.[key];
  if (value !== undefined) return csvSafeText(String(value));
  return revealedAt ? `(shown once, ${revealedAt.toISOString()})` : '';
}

export interface ResultsFile {
  csv: string;
  secretsIncluded: boolean;
}

/** The results file; the caller drops the secrets after handing a finished run's file out with them. */
export function resultsFile(run: BulkRunRecord, rows: BulkRowRecord[], secrets: Map<number, Record<string, string | number>> | null): ResultsFile {
  let secretsIncluded = false;
  const records = rows.map((row) => {
    const result = rowResult(row);
    const rowSecrets = secrets?.get(row.rowNumber);
    const linked = row.input['requiresBackoffice'] === true;
    const pin = secretCell(row, rowSecrets, 'posPin', run.secretsRevealedAt, run.kind === 'create');
    const password = secretCell(row, rowSecrets, 'backofficePassword', run.secretsRevealedAt, run.kind === 'create' && linked);
    if ((pin && rowSecrets?.['posPin'] !== undefined) || (password && rowSecrets?.['backofficePassword'] !== undefined)) secretsIncluded = true;
    const error = result.message ? `${result.code ?? 'ERROR'}${result.field ? ` (${result.field})` : ''}: ${result.message}` : '';
    return [
      String(row.rowNumber),
      OUTCOME_WORDS[run.kind]?.[row.state] ?? row.state,
      result.employeeId === null ? '' : String(result.employeeId),
      result.posUserId === null ? '' : String(result.posUserId),
      csvSafeText(result.email),
      pin,
      csvSafeText(linked ? stringOr(row.input['backofficeUsername']) : result.backofficeUsername),
      password,
      csvSafeText(result.warnings.join(' | ')),
      csvSafeText(error),
    ];
  });
  const csv = stringify([[...BULK_RESULT_COLUMNS], ...records], { record_delimiter: 'windows' });
  return { csv, secretsIncluded };
}
