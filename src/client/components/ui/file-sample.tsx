import { useId } from 'react';

/** An uploaded file's headings and first rows, scrollable sideways, for choosing which column holds what. */
export function FileSample({ columns, rows }: { columns: string[]; rows: string[][] }) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-stone-200 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <h3 id={captionId} className="sr-only">
        The first rows of the file
      </h3>
      <table className="min-w-full text-left text-sm">
        <thead className="bg-stone-100">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-2 py-1.5 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed sample of the file
            <tr key={index} className="border-t border-stone-200">
              {columns.map((column, cell) => (
                <td key={column} className="whitespace-nowrap px-2 py-1.5">
                  {row[cell] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
