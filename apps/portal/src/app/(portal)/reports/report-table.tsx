'use client';

import type { ReportTable } from '@washops/operations';
import { cellText, isNumeric } from './format';

/** A report's flat table (the CSV's rows): money in dollars, percents, counts grouped; the first column heads each row. */
export function ReportTableView({ table, caption }: { table: ReportTable; caption: string }) {
  if (table.rows.length === 0) return <div className="table-wrap empty">No rows in this range.</div>;
  const [first, ...rest] = table.columns;
  return (
    <div className="table-wrap report-table" tabIndex={0} role="region" aria-label={`${caption}, table`}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column.key} scope="col" className={isNumeric(column.kind) ? 'numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              {first ? <th scope="row">{cellText(row[first.key], first.kind)}</th> : null}
              {rest.map((column) => (
                <td key={column.key} className={isNumeric(column.kind) ? 'numeric' : undefined}>
                  {cellText(row[column.key], column.kind)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
