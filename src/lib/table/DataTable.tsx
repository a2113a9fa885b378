import type { ReactNode } from 'react';
import './dataTable.css';

/** One column of a DataTable: its header and how a row fills its cell. */
export interface DataTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row: a `th scope="row"` instead of a `td`. */
  rowHeader?: boolean;
  /** The class of this column's cells in the body. */
  className?: string;
  /** The class of this column's header cell (a column a narrow screen hides needs it there too). */
  headerClassName?: string;
  /** A `data-testid` for this column's cell of a row, where a test reads one value. */
  cellTestId?: (row: Row) => string;
}

/**
 * The app's table of records (admin lists, the profile's tables, betting pools, leaderboards,
 * token balances, a match's advantage move by move): a caption that
 * names it to assistive technology, column headers with `scope`, a sentence in place of an empty
 * table, and a box that scrolls sideways when a narrow screen (360 px) cannot fit the columns.
 */
export function DataTable<Row>(props: {
  /** Names the table; hidden when a heading just above already shows the same words. */
  caption: string;
  captionVisible?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows; null where the page already says so. */
  empty: ReactNode;
  /** A look of the table's own (its stylesheet's class), in place of the shared `data-table` one. */
  className?: string;
  testId?: string;
  rowTestId?: string;
  /** `data-*` attributes of a row, where a test or a script finds rows by what they show. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
}) {
  const { columns, rows } = props;
  if (rows.length === 0) {
    return props.empty === null ? null : <p className="data-table-empty">{props.empty}</p>;
  }
  return (
    <div className="data-table-scroll">
      <table className={props.className ?? 'data-table'} data-testid={props.testId}>
        <caption className={props.captionVisible ? undefined : 'visually-hidden'}>
          {props.caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.headerClassName}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={props.rowKey(row)} data-testid={props.rowTestId} {...props.rowData?.(row)}>
              {columns.map((column) => {
                const cellProps = {
                  className: column.className,
                  'data-testid': column.cellTestId?.(row),
                };
                return column.rowHeader ? (
                  <th key={column.header} scope="row" {...cellProps}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} {...cellProps}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
