import type { ReactNode } from 'react';

export interface DetailColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A titled table of one part of a transaction; the first column heads each row. */
export function DetailTable<Row>({
  title,
  rows,
  columns,
  empty,
  rowClassName,
}: {
  title: string;
  rows: readonly Row[];
  columns: ReadonlyArray<DetailColumn<Row>>;
  empty: string;
  rowClassName?: (row: Row) => string | undefined;
}) {
  const numericClass = (column: DetailColumn<Row>) => (column.numeric ? 'numeric' : undefined);
  return (
    <section aria-label={title}>
      <h2>
        {title} <span className="muted">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <div className="table-wrap empty">{empty}</div>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={numericClass(column)}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className={rowClassName?.(row)}>
                  {columns.map((column, at) =>
                    at === 0 ? (
                      <th key={column.header} scope="row" className={numericClass(column)}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} className={numericClass(column)}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
