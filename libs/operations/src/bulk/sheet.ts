// A file or a list of JSON rows → a sheet of text cells by column, or BulkFileError for what cannot be used at all.
import { createHash } from 'node:crypto';
import { BulkFileError } from '@washops/shared-errors';
import { CsvError, parse } from 'csv-parse/sync';
import { CREATE_REQUIRED_COLUMNS, DISABLE_COLUMNS, LIST_SEPARATOR, SECRET_COLUMNS, columnsOf } from './cells.js';
import { BULK_LIMITS, type BulkFile, type BulkKind, type BulkSheet } from './types.js';

const MIB = 1_048_576;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const quoted = (names: readonly string[]): string => names.map((name) => `'${name}'`).join(', ');

function fileError(message: string, details: Record<string, unknown>): BulkFileError {
  return new BulkFileError(message, { details });
}

/** The file's text: refused over the size limit (counted in bytes, before parsing) or when it is not UTF-8 text. */
function textOf(file: BulkFile): string {
  const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
  if (bytes.byteLength > BULK_LIMITS.maxFileBytes) {
    throw fileError(
      `The file is ${(bytes.byteLength / MIB).toFixed(1)} MiB; the largest accepted is ${BULK_LIMITS.maxFileBytes / MIB} MiB. Split it into smaller files.`,
      { problem: 'tooLarge', bytes: bytes.byteLength, maxBytes: BULK_LIMITS.maxFileBytes },
    );
  }
  if (bytes.includes(0)) {
    throw fileError('The file holds NUL bytes: it is binary, not a CSV text file. Save the spreadsheet as CSV (UTF-8).', { problem: 'binary' });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError('The file is not UTF-8 text. Save the spreadsheet as CSV (UTF-8).', { problem: 'notUtf8' });
  }
  return text;
}

/** The header's rules: every column known, none twice, the required ones present. */
export function checkColumns(kind: BulkKind, columns: string[]): void {
  const known = columnsOf(kind);
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === '') throw fileError(`The header has an empty column name. Columns: ${quoted(known)}.`, { problem: 'emptyColumn', known });
    if (seen.has(column)) throw fileError(`Column '${column}' appears twice in the header.`, { problem: 'duplicateColumn', column });
    seen.add(column);
  }
  const unknown = columns.filter((column) => !known.includes(column));
  if (unknown.length > 0) {
    throw fileError(`Unknown column${unknown.length > 1 ? 's' : ''} ${quoted(unknown)}. Known columns (names are case-sensitive): ${quoted(known)}.`, {
      problem: 'unknownColumn',
      columns: unknown,
      known,
    });
  }
  if (kind === 'create') {
    const missing = CREATE_REQUIRED_COLUMNS.filter((column) => !seen.has(column));
    if (missing.length > 0) {
      throw fileError(`Missing column${missing.length > 1 ? 's' : ''} ${quoted(missing)}. A hires file needs ${quoted(CREATE_REQUIRED_COLUMNS)}.`, {
        problem: 'missingColumn',
        columns: missing,
        required: CREATE_REQUIRED_COLUMNS,
      });
    }
  } else if (!DISABLE_COLUMNS.some((column) => seen.has(column))) {
    throw fileError(`A leavers file needs a ${quoted(DISABLE_COLUMNS).replace(', ', ' or an ')} column.`, { problem: 'missingColumn', columns: DISABLE_COLUMNS, required: DISABLE_COLUMNS });
  }
}

function checkRowCount(count: number, max: number, what: string): void {
  if (count === 0) throw fileError(`The ${what} has no data rows.`, { problem: 'noRows' });
  if (count > max) throw fileError(`The ${what} has ${count} rows; at most ${max} are accepted at once. Split it.`, { problem: 'tooManyRows', rows: count, maxRows: max });
}

/** RFC 4180 CSV with a header (BOM and CRLF accepted) → sheet. Row numbers as a spreadsheet shows them (header = 1). */
export function parseCsvSheet(kind: BulkKind, file: BulkFile): BulkSheet {
  const text = textOf(file);
  let records: string[][];
  try {
    // Blank lines are kept (and skipped below) so that every later row keeps the number a spreadsheet shows.
    records = parse(text, { bom: true, skip_empty_lines: false, relax_column_count: true }) as string[][];
  } catch (error) {
    const line = error instanceof CsvError ? (error as CsvError & { lines?: number }).lines : undefined;
    throw fileError(`The file is not valid CSV${line ? ` (near line ${line})` : ''}: ${error instanceof Error ? error.message : String(error)}`, {
      problem: 'invalidCsv',
      ...(line ? { line } : {}),
    });
  }
  const blank = (values: string[]) => values.length === 1 && (values[0] ?? '').trim() === '';
  const headerAt = records.findIndex((values) => !blank(values));
  const header = records[headerAt];
  if (headerAt < 0 || !header) throw fileError('The file is empty: it needs a header row and at least one data row.', { problem: 'noRows' });
  const data = records.slice(headerAt + 1);
  const rowNumberOf = (index: number) => headerAt + index + 2;
  const columns = header.map((name) => name.trim());
  checkColumns(kind, columns);
  data.forEach((values, index) => {
    if (!blank(values) && values.length !== columns.length) {
      throw fileError(`Row ${rowNumberOf(index)} has ${values.length} cells; the header has ${columns.length}. Check its quotes and commas.`, {
        problem: 'cellCount',
        row: rowNumberOf(index),
      });
    }
  });
  const rows = data
    .map((values, index) => ({ rowNumber: rowNumberOf(index), cells: Object.fromEntries(columns.map((column, i) => [column, values[i] ?? ''])) }))
    // A row with every cell empty is a spreadsheet's blank line: skipped, the numbering kept.
    .filter((row) => Object.values(row.cells).some((value) => value.trim() !== ''));
  checkRowCount(rows.length, BULK_LIMITS.maxRows, 'file');
  return { kind, fileName: file.name, fileHash: sheetHash(columns, rows), columns, rows };
}

/**
 * The hash that finds a file's run again: of the parsed sheet with its secret cells blanked, so it cannot be used to
 * recover a PIN by trying every value. The same file gives the same hash; a file differing only in a secret cell too.
 */
function sheetHash(columns: string[], rows: BulkSheet['rows']): string {
  const cellsOf = (row: BulkSheet['rows'][number]) => columns.map((column) => (SECRET_COLUMNS.includes(column) ? '' : (row.cells[column] ?? '')));
  return sha256(canonicalJson({ columns, rows: rows.map((row) => [row.rowNumber, ...cellsOf(row)]) }));
}

/** A JSON value as a cell's text: lists joined by `;`, numbers and booleans spelled out, null as empty. */
function cellText(value: unknown, rowNumber: number, column: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(LIST_SEPARATOR);
  throw fileError(`Row ${rowNumber}, '${column}': give a text, a number, true/false or a list of texts.`, { problem: 'invalidValue', row: rowNumber, column });
}

/** Keys in a fixed order, so the same rows always have the same hash. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** JSON rows (the MCP tools) → sheet: the same column rules; rows numbered 1, 2, …; hashed by their canonical JSON, secrets blanked. */
export function sheetOfJsonRows(kind: BulkKind, rows: Record<string, unknown>[], name = 'rows.json'): BulkSheet {
  if (!Array.isArray(rows)) throw fileError('Give the rows as a list of objects.', { problem: 'invalidRows' });
  checkRowCount(rows.length, BULK_LIMITS.maxJsonRows, 'list');
  const columns: string[] = [];
  rows.forEach((row, index) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw fileError(`Row ${index + 1} is not an object of column → value.`, { problem: 'invalidRows', row: index + 1 });
    }
    for (const column of Object.keys(row)) if (!columns.includes(column)) columns.push(column);
  });
  checkColumns(kind, columns);
  const sheetRows = rows.map((row, index) => ({
    rowNumber: index + 1,
    cells: Object.fromEntries(columns.map((column) => [column, cellText(row[column], index + 1, column)])),
  }));
  // Secret values blanked before hashing, as for a file.
  const hashed = rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, SECRET_COLUMNS.includes(column) ? '' : value])));
  return { kind, fileName: name, fileHash: sha256(canonicalJson(hashed)), columns, rows: sheetRows };
}
