'use client';

import type { BulkCheckedRow, BulkCheckReport, BulkRowIssue } from '@washops/operations/schemas';
import { useId } from 'react';

const STATUS_BADGES: Record<BulkCheckedRow['status'], { label: string; className: string }> = {
  ok: { label: 'OK', className: 'badge-done' },
  warning: { label: 'Warning', className: 'badge-warn' },
  error: { label: 'Error', className: 'badge-failed' },
};

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "12 rows: 10 OK, 1 with a warning, 1 with an error". */
export function countsText(counts: BulkCheckReport['counts']): string {
  return `${plural(counts.total, 'row', 'rows')}: ${counts.ok} OK, ${counts.warning} with ${counts.warning === 1 ? 'a warning' : 'warnings'}, ${plural(counts.error, 'with an error', 'with errors')}`;
}

/**
 * A cell of the file. One with an error is highlighted and holds the message as text beside the value,
 * so the problem is read out with the cell, not shown by colour alone.
 */
function FileCell({ value, issues }: { value: string; issues: BulkRowIssue[] }) {
  if (issues.length === 0) return <td>{value}</td>;
  return (
    <td className="cell-error">
      {value === '' ? <span className="muted">(empty)</span> : value}
      {issues.map((issue) => (
        <span key={issue.message} className="cell-message">
          <span className="visually-hidden">Error: </span>
          {issue.message}
        </span>
      ))}
    </td>
  );
}

/** Problems of the row as a whole (no column named), and its warnings. */
function RowNotes({ row, columns }: { row: BulkCheckedRow; columns: string[] }) {
  const general = row.errors.filter((issue) => issue.field === undefined || !columns.includes(issue.field));
  if (general.length === 0 && row.warnings.length === 0 && row.previous === undefined) return <td />;
  return (
    <td>
      <ul className="cell-notes">
        {general.map((issue) => (
          <li key={`e-${issue.message}`} className="field-error">
            {issue.field ? `${issue.field}: ` : ''}
            {issue.message}
          </li>
        ))}
        {row.warnings.map((issue) => (
          <li key={`w-${issue.message}`}>
            {issue.field ? `${issue.field}: ` : ''}
            {issue.message}
          </li>
        ))}
        {row.previous !== undefined ? <li>Earlier run of this file: {row.previous}</li> : null}
      </ul>
    </td>
  );
}

/** The dry run's verdict: one row per file row, its status, its cells and each error at its cell. */
export function CheckTable({ report }: { report: BulkCheckReport }) {
  const captionId = useId();
  return (
    // Many columns: the wrapper scrolls, so it takes the focus for keyboard scrolling.
    <div className="table-wrap" tabIndex={0} role="region" aria-label={`Dry run of ${report.fileName}, scrollable`}>
      <table aria-labelledby={captionId}>
        <caption id={captionId} className="visually-hidden">
          Dry run of {report.fileName}
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Status</th>
            {report.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => {
            const badge = STATUS_BADGES[row.status];
            return (
              <tr key={row.rowNumber} data-status={row.status}>
                <th scope="row" className="numeric">
                  {row.rowNumber}
                </th>
                <td>
                  <span className={`badge ${badge.className}`}>{badge.label}</span>
                </td>
                {report.columns.map((column) => (
                  <FileCell key={column} value={row.cells[column] ?? ''} issues={row.errors.filter((issue) => issue.field === column)} />
                ))}
                <RowNotes row={row} columns={report.columns} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
