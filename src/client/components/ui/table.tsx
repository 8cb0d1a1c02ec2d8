import type { ReactNode, TdHTMLAttributes } from 'react';

/**
 * A data table that becomes a list of cards on a phone (each row a card, each cell labelled) and a
 * plain table from the `sm` width up, scrolling sideways if it still does not fit. Only CSS changes:
 * the table keeps its semantics (Chromium keeps table roles for display: block).
 */
/** A column heading that sorts the table when clicked; `sort` is where it stands now. */
export interface SortableColumn {
  label: string;
  sort: 'ascending' | 'descending' | 'none';
  onSort: () => void;
}

/** A heading screen readers hear and the eye does without, e.g. over a column of checkboxes. */
export interface UnseenColumn {
  unseen: string;
}

type Column = string | SortableColumn | UnseenColumn;

export function DataTable({
  label,
  columns,
  children,
  className = '',
  busy = false,
}: {
  label: string;
  /** Plain headings, sortable or unseen ones; an empty heading is the actions column. */
  columns: Column[];
  children: ReactNode;
  className?: string;
  /** The rows shown are the last ones while new ones load (said to assistive technology). */
  busy?: boolean;
}) {
  return (
    <section
      aria-label={label}
      aria-busy={busy || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={`relative overflow-x-clip focus-visible:outline-3 focus-visible:outline-brand-600 sm:overflow-x-auto sm:rounded-xl sm:border sm:border-stone-200 sm:bg-white sm:shadow-sm ${className}`}
    >
      <table className="block w-full border-collapse text-left text-sm sm:table">
        <thead className="sr-only sm:not-sr-only sm:table-header-group">
          <tr>
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: a column may have an empty heading
                key={index}
                scope="col"
                aria-sort={typeof column === 'object' && 'sort' in column ? column.sort : undefined}
                className={`whitespace-nowrap border-b border-stone-200 bg-stone-100 font-semibold text-stone-700 ${typeof column === 'object' && 'sort' in column ? 'p-0' : 'px-3 py-2.5'}`}
              >
                {typeof column === 'string' ? (
                  column || <span className="sr-only">Actions</span>
                ) : 'sort' in column ? (
                  <SortButton column={column} />
                ) : (
                  <span className="sr-only">{column.unseen}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 sm:table-row-group">{children}</tbody>
      </table>
    </section>
  );
}

function SortButton({ column }: { column: SortableColumn }) {
  const arrow = { ascending: '▲', descending: '▼', none: '↕' }[column.sort];
  return (
    <button
      type="button"
      onClick={column.onSort}
      className="flex min-h-11 w-full items-center gap-1 px-3 py-2 text-left font-semibold hover:bg-stone-200 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600"
    >
      {column.label}
      <span aria-hidden="true" className={column.sort === 'none' ? 'text-stone-600' : 'text-brand-700'}>
        {arrow}
      </span>
    </button>
  );
}

export const rowClass =
  'block rounded-xl border border-stone-200 bg-white px-4 py-3 shadow-sm sm:table-row sm:rounded-none sm:border-0 sm:p-0 sm:shadow-none';

type CellProps = TdHTMLAttributes<HTMLTableCellElement> & {
  /** Shown before the value on a phone, where the column headings are hidden. */
  label?: string;
};

export function Cell({ label, className = '', children, ...props }: CellProps) {
  const phoneLabel = label
    ? `before:mr-1.5 before:font-medium before:text-stone-600 before:content-[attr(data-label)] sm:before:content-none`
    : '';
  return (
    <td
      data-label={label ? `${label}:` : undefined}
      className={`block py-0.5 sm:table-cell sm:border-b sm:border-stone-100 sm:px-3 sm:py-2.5 sm:align-middle ${phoneLabel} ${className}`}
      {...props}
    >
      {children}
    </td>
  );
}
