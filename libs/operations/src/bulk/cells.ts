// A row's cells → the library's input, through the library's own schemas: one set of rules for every channel.
import { createEmployeeInputSchema, disableEmployeeInputSchema } from '@washops/backoffice-client';
import { parseInput } from '@washops/client-core';
import { ValidationError } from '@washops/shared-errors';
import { BULK_COLUMNS } from './template.js';
import type { BulkKind, BulkRowIssue } from './types.js';

/** The columns of a hires file: one per `createEmployee` field, as the library names them. */
export const CREATE_COLUMNS = BULK_COLUMNS.create as (keyof typeof createEmployeeInputSchema.shape)[];
/** The columns a hires file must have: the fields `createEmployee` requires. */
export const CREATE_REQUIRED_COLUMNS = CREATE_COLUMNS.filter((column) => !createEmployeeInputSchema.shape[column].safeParse(undefined).success);
/** A leavers file names each leaver by one of these. */
export const DISABLE_COLUMNS = BULK_COLUMNS.disable as (keyof typeof disableEmployeeInputSchema.shape)[];

/** Columns whose value is a secret: shown as `[secret]` in reports, never stored with the row's input. */
export const SECRET_COLUMNS: readonly string[] = ['posPin', 'backofficePassword'];
export const SECRET_MASK = '[secret]';

const WHOLE_NUMBER_COLUMNS = new Set(['posUserId', 'posPin']);
const LIST_COLUMNS = new Set(['departments']);
const BOOLEAN_COLUMNS = new Set(['requiresBackoffice']);
const SITES_COLUMN = 'availableSites';
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);
/** Separates the items of a list cell (sites, departments). */
export const LIST_SEPARATOR = ';';

export function columnsOf(kind: BulkKind): readonly string[] {
  return BULK_COLUMNS[kind];
}

const splitList = (text: string): string[] =>
  text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/**
 * One cell as the schema takes it: empty is "not given"; whole numbers, booleans and lists are read from their
 * text, and anything that does not read as its type is passed on as text, so the schema names the problem.
 */
export function coerceCell(column: string, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (WHOLE_NUMBER_COLUMNS.has(column)) return /^[+-]?\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
  if (BOOLEAN_COLUMNS.has(column)) {
    const word = trimmed.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return trimmed;
  }
  if (column === SITES_COLUMN) return trimmed.toLowerCase() === 'all' ? 'all' : splitList(trimmed);
  if (LIST_COLUMNS.has(column)) return splitList(trimmed);
  return text;
}

/** A row's input: every given cell coerced (JSON-safe: text, numbers, booleans, lists). */
export function inputOfCells(cells: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [column, text] of Object.entries(cells)) {
    const value = coerceCell(column, text);
    if (value !== undefined) input[column] = value;
  }
  return input;
}

/** The schema's verdict on a row's input: each issue with the column it is about. */
export function schemaIssues(kind: BulkKind, input: Record<string, unknown>): BulkRowIssue[] {
  try {
    if (kind === 'create') parseInput(createEmployeeInputSchema, input);
    else parseInput(disableEmployeeInputSchema, input);
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const issues = (error.details['issues'] ?? []) as { path: string; message: string }[];
    if (issues.length === 0) return [{ message: error.message }];
    return issues.map((issue) => {
      const field = issue.path.split('.')[0];
      return field ? { field, message: issue.message } : { message: issue.message };
    });
  }
}

/** The input without its secrets (what the store keeps), and the secrets apart. */
export function splitSecrets(input: Record<string, unknown>): { input: Record<string, unknown>; secrets: Record<string, string | number> | null } {
  const rest: Record<string, unknown> = {};
  const secrets: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(input)) {
    if (SECRET_COLUMNS.includes(key) && (typeof value === 'string' || typeof value === 'number')) secrets[key] = value;
    else rest[key] = value;
  }
  return { input: rest, secrets: Object.keys(secrets).length > 0 ? secrets : null };
}

/** The cells as a report shows them: secrets masked. */
export function maskedCells(cells: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(cells).map(([column, text]) => [column, SECRET_COLUMNS.includes(column) && text.trim() !== '' ? SECRET_MASK : text]));
}
