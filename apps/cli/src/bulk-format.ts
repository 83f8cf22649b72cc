import type { BulkCheckReport, BulkCheckedRow, BulkProgress, BulkRunView } from '@washops/operations';
import { table } from './format.js';

/** Files this long or shorter show every row in the dry run's table; longer ones show only the rows with problems. */
export const EVERY_ROW_UP_TO = 20;

/** Text from a file or a tenant, made safe for a terminal: control characters (escape sequences among them) become spaces. */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function statusText(row: BulkCheckedRow): string {
  if (row.previous === 'done') return `${row.status} (done earlier, skipped)`;
  return row.previous && row.previous !== 'pending' ? `${row.status} (was ${row.previous})` : row.status;
}

/** One table line per problem of a row (errors first), or one bare line for a row without any. */
function linesOf(row: BulkCheckedRow): string[][] {
  const issues = [...row.errors.map((issue) => ({ ...issue, kind: 'error' })), ...row.warnings.map((issue) => ({ ...issue, kind: 'warning' }))];
  if (issues.length === 0) return [[String(row.rowNumber), statusText(row), '', '']];
  return issues.map((issue) => [String(row.rowNumber), issue.kind, terminalSafe(issue.field ?? ''), terminalSafe(issue.message)]);
}

/** `40 rows: 37 ok, 2 with warnings, 1 with errors` */
export function checkSummary(report: BulkCheckReport): string {
  const { total, ok, warning, error } = report.counts;
  return `${plural(total, 'row')}: ${ok} ok, ${warning} with warnings, ${error} with errors`;
}

/** The dry run as people read it: the table (every row of a short file, else the rows with problems) and the summary. */
export function checkReportText(report: BulkCheckReport): string {
  const shown = report.rows.length <= EVERY_ROW_UP_TO ? report.rows : report.rows.filter((row) => row.status !== 'ok');
  const lines = shown.length === 0 ? [] : [table([['ROW', 'STATUS', 'FIELD', 'MESSAGE'], ...shown.flatMap(linesOf)])];
  if (shown.length < report.rows.length) lines.push(`(${plural(report.rows.length - shown.length, 'row')} without problems not shown)`);
  lines.push(`Checked ${terminalSafe(report.fileName)}: ${checkSummary(report)}.`);
  return `${lines.join('\n')}\n`;
}

/** `2 min 5 s`, `40 s`, `1 h 3 min`: time left, coarse enough to read at a glance. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `12 of 40 done, 1 failed, 27 remaining, 14.2 rows/min, about 1 min 54 s left` */
export function progressText(progress: BulkProgress): string {
  const parts = [`${progress.done} of ${progress.total} done`, `${progress.failed} failed`, `${progress.remaining} remaining`];
  if (progress.ratePerMinute !== null) parts.push(`${progress.ratePerMinute.toFixed(1)} rows/min`);
  if (progress.etaMs !== null && progress.remaining > 0) parts.push(`about ${durationText(progress.etaMs)} left`);
  return parts.join(', ');
}

/** Whether a run stopped only because rows are half done (not stopped by a person, not a crash). */
export function stoppedOnHalfDoneRows(run: BulkRunView): boolean {
  return run.state === 'interrupted' && run.progress.remaining === 0 && run.progress.partial > 0;
}

/** What a finished (or stopped) run did, in one line; `partialRows` names the half-done rows. */
export function runSummary(run: BulkRunView, partialRows: number[] = []): string {
  const { done, failed, total, remaining, partial } = run.progress;
  const what = run.kind === 'create' ? 'created' : 'disabled';
  const head = `${plural(done, 'row')} of ${total} ${what}, ${failed} failed`;
  if (run.state === 'finished') return `${head}.`;
  if (stoppedOnHalfDoneRows(run)) {
    const rows = partialRows.length > 0 ? ` (row ${partialRows.join(', ')})` : '';
    return `${head}: ${plural(partial, 'row')}${rows} half done — the employee exists, a later step did not finish. Run the same file again to complete ${partial > 1 ? 'them' : 'it'} (run ${run.id}).`;
  }
  return `${head}, ${remaining} not yet done (run ${run.id} is ${run.state}).`;
}
