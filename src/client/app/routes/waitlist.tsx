import { useState } from 'react';
import { Link } from 'react-router';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { WaitlistRace, WaitlistRow } from '../../../shared/waitlist/waitlist.ts';
import { MinorMark } from '../../components/ui/badge.tsx';
import { rowButtonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import { useChangeWaitlist, useWaitlist } from '../../features/waitlist/api/waitlist.ts';
import { formatDateTime } from '../../lib/dates.ts';

function statusText(row: WaitlistRow) {
  switch (row.status) {
    case 'waiting':
      return 'Waiting';
    case 'offered':
      return `Offered until ${row.offerExpiresAt ? formatDateTime(row.offerExpiresAt) : '—'}`;
    case 'registered':
      return 'Registered';
    case 'expired':
      return 'Expired';
    case 'removed':
      return 'Removed';
  }
}

const name = (row: WaitlistRow) => `${row.firstName} ${row.lastName}`;

/** /Waitlist: each full race's queue, for the admin to offer a place out of turn or take someone off. */
export default function WaitlistPage() {
  const waitlist = useWaitlist();
  const offer = useChangeWaitlist('offer');
  const [removing, setRemoving] = useState<WaitlistRow>();
  const [notice, setNotice] = useState<string>();

  return (
    <>
      <PageHeading title="Waitlist">
        <p>
          People waiting for a place in a full race, first come first served. A freed place is offered by
          email to the first one waiting; the offer holds for the time set in{' '}
          <Link to="/EventSettings" className="font-medium text-brand-700 underline">
            Event settings
          </Link>
          . Whoever accepts is registered and listed with the other{' '}
          <Link to="/Participants" className="font-medium text-brand-700 underline">
            participants
          </Link>
          .
        </p>
      </PageHeading>
      <div className="mb-4 flex flex-col gap-3">
        {notice && <FormSuccess>{notice}</FormSuccess>}
        {offer.isError && <FormAlert>{errorText(offer.error)}</FormAlert>}
      </div>
      {waitlist.isPending && <Loading label="Loading the waitlist…" />}
      <QueryError query={waitlist} />
      {waitlist.data && waitlist.data.races.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          Nobody is on the waitlist. When a race is full, the registration form offers to join its waitlist.
        </p>
      )}
      <div className="flex flex-col gap-8">
        {waitlist.data?.races.map((race) => (
          <RaceQueue
            key={race.id}
            race={race}
            busy={offer.isPending}
            onOffer={(row) => {
              setNotice(undefined);
              offer.mutate(row.id, {
                onSuccess: () => setNotice(`${name(row)} was offered a place by email.`),
              });
            }}
            onRemove={(row) => {
              setNotice(undefined);
              offer.reset();
              setRemoving(row);
            }}
          />
        ))}
      </div>
      <RemoveDialog
        row={removing}
        onClose={() => setRemoving(undefined)}
        onRemoved={(row) => {
          setRemoving(undefined);
          setNotice(`${name(row)} is off the waitlist.`);
        }}
      />
    </>
  );
}

function RaceQueue({
  race,
  busy,
  onOffer,
  onRemove,
}: {
  race: WaitlistRace;
  busy: boolean;
  onOffer: (row: WaitlistRow) => void;
  onRemove: (row: WaitlistRow) => void;
}) {
  const title = `${DISCIPLINE_LABELS[race.discipline]} · ${race.label}`;
  const queued = race.entries.filter((row) => row.status === 'waiting' || row.status === 'offered').length;
  return (
    <section aria-labelledby={`race-${race.id}`}>
      <h2 id={`race-${race.id}`} className="text-xl font-bold">
        {title}
      </h2>
      <p className="mb-3 text-stone-700">
        {queued} on the waitlist · {race.taken}
        {race.capacity === null ? ' entries' : ` of ${race.capacity} places taken`}
      </p>
      <DataTable
        label={`Waitlist for ${title}`}
        columns={['#', 'Name', 'Email', 'Mobile', 'Joined', 'Status', '']}
      >
        {race.entries.map((row) => (
          <tr key={row.id} className={rowClass}>
            <Cell label="Position" className="tabular-nums">
              {row.position ?? '—'}
            </Cell>
            <Cell label="Name" className="font-medium">
              {name(row)} <span className="font-mono text-xs text-stone-600">{row.reference}</span>
              <MinorMark minor={row.minor} />
            </Cell>
            <Cell label="Email" className="break-all">
              {row.email}
            </Cell>
            <Cell label="Mobile" className="whitespace-nowrap">
              {formatPhone(row.mobile)}
            </Cell>
            <Cell label="Joined" className="whitespace-nowrap">
              {formatDateTime(row.createdAt)}
            </Cell>
            <Cell label="Status">{statusText(row)}</Cell>
            <Cell>
              {(row.status === 'waiting' || row.status === 'offered') && (
                <div className="mt-2 flex flex-wrap gap-2 sm:mt-0 sm:flex-nowrap">
                  {row.status === 'waiting' && (
                    <button
                      type="button"
                      className={rowButtonClass}
                      disabled={busy}
                      onClick={() => onOffer(row)}
                    >
                      Offer a place<span className="sr-only"> to {name(row)}</span>
                    </button>
                  )}
                  <button type="button" className={rowButtonClass} onClick={() => onRemove(row)}>
                    Remove<span className="sr-only"> {name(row)}</span>
                  </button>
                </div>
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function RemoveDialog({
  row,
  onClose,
  onRemoved,
}: {
  row: WaitlistRow | undefined;
  onClose: () => void;
  onRemoved: (row: WaitlistRow) => void;
}) {
  const remove = useChangeWaitlist('remove');
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={row !== undefined}
      title={`Remove ${row ? name(row) : ''} from the waitlist?`}
      onClose={close}
    >
      <p className="text-stone-700">
        {row?.status === 'offered'
          ? 'The place offered to them passes to the next person waiting at once.'
          : 'They lose their place in the queue. They can join again from the registration form.'}
      </p>
      <DialogFooter
        failure={remove.error}
        onCancel={close}
        cancelLabel="Keep them"
        label="Remove"
        onConfirm={() => row && remove.mutate(row.id, { onSuccess: () => onRemoved(row) })}
        busy={remove.isPending}
        busyLabel="Removing…"
        danger
      />
    </Dialog>
  );
}
