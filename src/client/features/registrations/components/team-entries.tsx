import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { DISCIPLINE_LABELS, displayPhone } from '../../../../shared/events/event-display.ts';
import { feeToBeConfirmed, formatFees } from '../../../../shared/money.ts';
import { owes } from '../../../../shared/payments/balance.ts';
import { PAYMENT_STATUS_LABELS, type TeamEntry } from '../../../../shared/registrations/team.ts';
import { MinorMark } from '../../../components/ui/badge.tsx';
import { rowButtonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormSuccess } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../../components/ui/table.tsx';
import { useEvent } from '../../events/index.ts';
import { useCancelTeamEntry, useEditTeamEntry, useTeam, useTeamEntry } from '../api/team.ts';
import { CancelEntryDialog } from './cancel-entry-dialog.tsx';
import { EntryEditForm } from './entry-edit-form.tsx';

const PAYMENT_TONES = {
  unpaid: 'bg-amber-100 text-amber-900',
  part_paid: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  waived: 'bg-stone-200 text-stone-800',
} as const;

const nameOf = (entry: TeamEntry) => `${entry.firstName} ${entry.lastName}`;

/**
 * The company's entries: what the team still owes and the one reference to pay it all with; each unpaid
 * entry can be corrected or cancelled until registration closes.
 */
export function TeamEntries({
  payNow,
}: {
  /** Paying the team's total online (it shows itself only while the team owes, or has just paid). */ payNow?: ReactNode;
}) {
  const team = useTeam();
  const [editing, setEditing] = useState<TeamEntry>();
  const [cancelling, setCancelling] = useState<TeamEntry>();
  const [notice, setNotice] = useState<string>();
  const cancel = useCancelTeamEntry();
  const entries = team.data?.entries;
  const changeable = team.data?.changeable ?? false;
  const event = useEvent();
  const due = team.data && formatFees(nonZero(team.data.due.usd), nonZero(team.data.due.zwg));
  const unpaid = entries?.filter((entry) => owes(entry.paymentStatus)) ?? [];
  const withoutFee = unpaid.filter((entry) => entry.feeUsd === null && entry.feeZwg === null).length;

  return (
    <section aria-labelledby="team-entries" className="flex flex-col gap-4">
      <h2 id="team-entries" className="text-2xl font-bold">
        Your team's entries
      </h2>
      {team.isPending && <Loading label="Loading your team…" />}
      <QueryError query={team} />
      {notice && <FormSuccess>{notice}</FormSuccess>}
      {entries?.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          No staff registered yet. Entries you register appear here with their references and payment status.
        </p>
      )}
      {team.data && entries && entries.length > 0 && (
        <>
          <div className="flex flex-col gap-2 rounded-xl border-2 border-brand-700 bg-white p-4">
            <p className="text-lg">
              {due ? (
                <>
                  Total due: <strong>{due}</strong>
                </>
              ) : (
                unpaid.length === 0 && <strong>Nothing to pay</strong>
              )}
              <span className="text-stone-700">
                {due || unpaid.length === 0 ? ' · ' : ''}
                {entries.length} {entries.length === 1 ? 'entry' : 'entries'},{' '}
                {entries.length - unpaid.length} paid
              </span>
            </p>
            {withoutFee > 0 && event.data && (
              <p>
                {withoutFee === 1 ? 'One entry’s race has' : `${withoutFee} entries’ races have`} no fee set
                yet. {feeToBeConfirmed(displayPhone(event.data, event.data.contactPhone))}
              </p>
            )}
            {unpaid.length > 0 && team.data.reference && (
              <p>
                Pay for the whole team at once: quote the team reference{' '}
                <strong className="font-mono text-lg tracking-wider">{team.data.reference}</strong> with the
                payment.{' '}
                <Link to="/Banking" className="font-medium text-brand-700 underline">
                  How to pay
                </Link>
              </p>
            )}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <a href="/api/team/invoice.pdf" download className={secondaryButtonClass}>
                Download invoice (PDF)
              </a>
              <span className="text-sm text-stone-700">
                For your accounts department: every entry, the total, what is paid and how to pay.
              </span>
            </p>
            <p className="text-sm text-stone-700">
              {changeable
                ? 'You can correct or cancel an unpaid entry until registration closes.'
                : 'Registration has closed: ask the organisers to change an entry.'}
            </p>
          </div>
          {payNow}
          <DataTable
            label="Team entries table"
            columns={['Name', 'Surname', 'Discipline', 'Race', 'T-shirt', 'Reference', 'Payment', '']}
          >
            {entries.map((entry) => (
              <tr key={entry.reference} className={rowClass}>
                <Cell className="inline pr-1 text-base font-semibold sm:text-sm sm:font-normal">
                  {entry.firstName}
                </Cell>
                <Cell className="inline text-base font-semibold sm:text-sm sm:font-normal">
                  {entry.lastName}
                  <MinorMark minor={entry.minor} />
                </Cell>
                <Cell label="Discipline" className="mt-1 sm:mt-0">
                  {DISCIPLINE_LABELS[entry.discipline]}
                </Cell>
                <Cell label="Race" className="sm:whitespace-nowrap">
                  {entry.raceType}
                </Cell>
                <Cell label="T-shirt">{entry.tshirtSize}</Cell>
                <Cell label="Reference" className="sm:whitespace-nowrap">
                  <span className="font-mono">{entry.reference}</span>
                </Cell>
                <Cell label="Payment">
                  <span
                    className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${PAYMENT_TONES[entry.paymentStatus]}`}
                  >
                    {PAYMENT_STATUS_LABELS[entry.paymentStatus]}
                  </span>
                </Cell>
                <Cell className="mt-2 sm:mt-0 sm:w-px">
                  {changeable && entry.paymentStatus === 'unpaid' && (
                    <div className="grid grid-cols-2 gap-2 sm:flex sm:gap-1.5">
                      <button
                        type="button"
                        className={rowButtonClass}
                        aria-label={`Edit ${nameOf(entry)}`}
                        onClick={() => {
                          setNotice(undefined);
                          setEditing(entry);
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={rowButtonClass}
                        aria-label={`Cancel ${nameOf(entry)}`}
                        onClick={() => {
                          setNotice(undefined);
                          setCancelling(entry);
                        }}
                      >
                        Cancel
                      </button>
                    </div>
                  )}
                </Cell>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      <EditTeamEntryDialog
        entry={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(entry) => {
          setEditing(undefined);
          setNotice(`${nameOf(entry)}'s entry was saved.`);
        }}
      />
      {cancelling && (
        <CancelEntryDialog
          entry={cancelling}
          cancel={() => cancel.mutateAsync({ id: cancelling.id, body: null })}
          open
          onClose={() => setCancelling(undefined)}
          onCancelled={() => {
            setNotice(`${nameOf(cancelling)}'s entry was cancelled; the place is free again.`);
            setCancelling(undefined);
          }}
        />
      )}
    </section>
  );
}

/** "0.00" owed in a currency is said as nothing owed in it. */
const nonZero = (amount: string) => (Number(amount) > 0 ? amount : null);

function EditTeamEntryDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: TeamEntry | undefined;
  onClose: () => void;
  onSaved: (entry: TeamEntry) => void;
}) {
  const event = useEvent();
  const whole = useTeamEntry(entry?.id);
  const edit = useEditTeamEntry();
  const races = event.data?.races.filter((race) => race.discipline === entry?.discipline) ?? [];
  return (
    <Dialog
      open={entry !== undefined}
      title={entry ? `Edit ${nameOf(entry)}` : ''}
      onClose={onClose}
      size="lg"
    >
      {entry && (event.isPending || whole.isPending) && <Loading label="Loading the entry…" />}
      <QueryError query={event} />
      <QueryError query={whole} />
      {entry && event.data && whole.data && (
        <EntryEditForm
          key={entry.id}
          entry={whole.data}
          races={races.map((race) => ({
            label: race.label,
            // The entry's own race has its place already, however full it is.
            full: race.full && race.label !== entry.raceType,
            fee: formatFees(race.feeUsd, race.feeZwg, ' / '),
          }))}
          sizes={event.data.tshirtSizes[entry.discipline]}
          onBehalf
          save={async (body) => {
            await edit.mutateAsync({ id: entry.id, body });
            return true;
          }}
          onCancel={onClose}
          onSaved={() => onSaved(entry)}
        />
      )}
    </Dialog>
  );
}
