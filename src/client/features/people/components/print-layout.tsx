import type { PersonKind, PersonListRow } from '../../../../shared/people/people.ts';
import { BreakableEmail } from '../../../components/ui/text.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { type RegisterColumn, stripeClass } from './register-columns.ts';

/**
 * What the printer gets instead of the screen (hidden on screen): a plain table of every column, no
 * buttons, whatever the width. Words break between words (an email also after its @), never inside one. It holds every row of the current filter once Print has fetched them,
 * otherwise the page on screen (a browser's own Print menu).
 */
export function PrintLayout({
  kind,
  columns,
  rows,
  total,
  description,
}: {
  kind: PersonKind;
  columns: RegisterColumn[];
  rows: PersonListRow[];
  total: number;
  description: string;
}) {
  const user = useCurrentUser();
  const noun = kind === 'men' ? (total === 1 ? 'man' : 'men') : total === 1 ? 'facilitator' : 'facilitators';
  return (
    <div className="hidden print:block">
      <p className="mb-3 text-sm text-stone-700">
        {rows.length < total ? `${rows.length} of ${total}` : total} {noun}
        {description && ` · ${description}`} · printed by {user.name} on{' '}
        {formatDateTime(new Date().toISOString())}
      </p>
      <table className="w-full border-collapse text-left text-[9pt] leading-snug">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="border border-stone-400 bg-stone-100 px-1.5 py-1">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((person) => (
            <tr key={person.id} className={`break-inside-avoid ${stripeClass}`}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  className={`border border-stone-300 px-1.5 py-1 align-top break-words ${column.sort === 'mobile' ? 'whitespace-nowrap' : ''}`}
                >
                  {column.sort === 'email' ? (
                    <BreakableEmail email={column.value(person)} />
                  ) : (
                    column.value(person)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
