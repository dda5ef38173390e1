import { useId, type ReactNode } from 'react';

/** One column: its header, what each row shows in it, and how it is laid out. */
export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  /**
   * The label written before the value when rows turn into cards on a narrow screen. Defaults to
   * the header when that is text; '' shows none (the actions).
   */
  label?: string;
  cell: (row: T) => ReactNode;
  /** 'number' aligns right with even digits; 'actions' holds the row's buttons. */
  kind?: 'text' | 'number' | 'actions';
}

interface DataTableProps<T> {
  /**
   * The table's name (a visually hidden caption), also the name of the group it scrolls in (a
   * group, not a region: the panel around it is the landmark, often with the same name).
   */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** Rows being read again: the table says so to screen readers. */
  busy?: boolean;
  className?: string;
}

function labelOf<T>(column: DataColumn<T>): string {
  if (column.label !== undefined) return column.label;
  return typeof column.header === 'string' ? column.header : '';
}

/**
 * A plain table for every office list. It scrolls sideways inside its own region when it is wider
 * than the screen (the page never does), and below 720px each row becomes a card whose cells read
 * 'Label  value', so a phone needs no sideways scrolling at all.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
  busy = false,
  className,
}: DataTableProps<T>) {
  const captionId = useId();
  return (
    <div
      className={['data-table-wrap', className].filter(Boolean).join(' ')}
      role="group"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className="data-table" aria-busy={busy || undefined}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`col-${column.kind ?? 'text'}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="data-table-empty">
              <td colSpan={columns.length}>
                <div className="empty-state">{empty}</div>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`col-${column.kind ?? 'text'}`}
                    data-label={labelOf(column) || undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
