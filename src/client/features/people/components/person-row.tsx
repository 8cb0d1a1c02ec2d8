import type { PersonListRow } from '../../../../shared/people/people.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { Cell, rowClass } from '../../../components/ui/table.tsx';
import { BreakableEmail, NotGiven } from '../../../components/ui/text.tsx';
import { endedText } from './programme-end.tsx';
import { fullName, type RegisterColumn, statusLabel, stripeClass } from './register-columns.ts';

const STATUS_TONES = { applicant: 'warn', approved: 'good', declined: 'plain', incomplete: 'warn' } as const;

/** One man or facilitator: a table row from the `sm` width, a labelled card on a phone. */
export function PersonRow({
  person,
  columns,
  onManage,
  onDelete,
  onApprove,
  onDecline,
  busy,
}: {
  person: PersonListRow;
  columns: RegisterColumn[];
  onManage: () => void;
  onDelete: () => void;
  onApprove: () => void;
  onDecline: () => void;
  busy: boolean;
}) {
  const name = fullName(person);
  const ended = endedText(person);
  const applicant = person.status === 'applicant';
  return (
    <tr className={`${rowClass} ${stripeClass}`}>
      {columns.map((column, index) => {
        const value = column.value(person);
        const first = index === 0;
        return (
          <Cell
            key={column.label}
            label={column.cardLabel ?? column.label}
            className={`${first ? 'font-semibold text-stone-900' : ''} ${column.sort === 'email' ? '[overflow-wrap:anywhere]' : ''} ${column.sort === 'mobile' ? 'sm:whitespace-nowrap' : ''}`}
          >
            {column.label === 'Status' ? (
              <Badge tone={STATUS_TONES[person.status as keyof typeof STATUS_TONES] ?? 'plain'}>
                {statusLabel(person)}
              </Badge>
            ) : column.sort === 'email' ? (
              <BreakableEmail email={value} />
            ) : value ? (
              value
            ) : (
              <NotGiven />
            )}
            {first && person.status === 'incomplete' && (
              <>
                {' '}
                <Badge tone="warn">{statusLabel(person)}</Badge>
              </>
            )}
            {first && ended && (
              <>
                {' '}
                <Badge tone="plain">{ended}</Badge>
              </>
            )}
          </Cell>
        );
      })}
      <Cell className="mt-3 sm:mt-0 sm:w-px">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-[auto_auto] sm:gap-1.5">
          {applicant && (
            <>
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Approve ${name}`}
                onClick={onApprove}
                disabled={busy}
              >
                Approve
              </button>
              <button
                type="button"
                className={rowButtonClass}
                aria-label={`Decline ${name}`}
                onClick={onDecline}
              >
                Decline
              </button>
            </>
          )}
          <button type="button" className={rowButtonClass} aria-label={`Manage ${name}`} onClick={onManage}>
            Manage
          </button>
          <button type="button" className={rowButtonClass} aria-label={`Delete ${name}`} onClick={onDelete}>
            Delete
          </button>
        </div>
      </Cell>
    </tr>
  );
}
