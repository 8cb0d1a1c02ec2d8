import { useState } from 'react';
import {
  ERASURE_SOURCE_LABELS,
  type ErasureRecord,
  type ErasureRequest,
  type RequestSubjectType,
} from '../../../shared/privacy/erasure.ts';
import { rowButtonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import { useDecideRequest, useErasureRequests } from '../../features/erasure/api/erasure.ts';
import { WHAT_HAPPENS } from '../../features/erasure/components/erase-person-dialog.tsx';
import { announce } from '../../lib/announce.ts';
import { formatDateTime } from '../../lib/dates.ts';

const KIND_LABELS: Record<RequestSubjectType, string> = {
  registration: 'Fun-run entry',
  waitlist: 'Waitlist place',
  man: 'Man',
  facilitator: 'Facilitator',
  account: 'Account and programme records',
  mobile: 'Every record under a mobile number',
  gift: 'Gift to the cause',
};

const WHAT_ERASING_DOES: Record<RequestSubjectType, string> = {
  ...WHAT_HAPPENS,
  mobile:
    'Every entry and waitlist place whose own mobile is this number is emptied for good (not those where it is only the next of kin’s or a guardian’s), and every man’s or facilitator’s record with it is deleted. The person proved the number with a code texted to it.',
};

type Decision = { request: ErasureRequest; decision: 'erase' | 'decline' };

/**
 * Every record erasing would touch, with when an entry's email last changed: a recent change is how someone
 * could make another person's entry look like his own.
 */
function RecordsReached({ records }: { records: ErasureRecord[] }) {
  if (records.length === 0) return <span className="text-stone-600">Nothing left to erase</span>;
  return (
    <ul className="flex flex-col gap-1">
      {records.map((record) => (
        <li key={`${record.kind}-${record.reference}`}>
          <span className="font-mono">{record.reference}</span> · {record.name || 'no name'} ·{' '}
          <span className={record.emailChangedAt ? 'font-semibold text-amber-900' : 'text-stone-600'}>
            {record.emailChangedAt
              ? `email changed ${formatDateTime(record.emailChangedAt)}`
              : record.kind === 'registration'
                ? 'email as registered'
                : KIND_LABELS[record.kind]}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /ErasureRequests: what entrants and participants asked to have erased, for an admin to erase or decline. */
export default function ErasureRequestsPage() {
  const requests = useErasureRequests();
  const decide = useDecideRequest();
  const [asked, setAsked] = useState<Decision>();
  const [failure, setFailure] = useState<unknown>();
  async function confirm() {
    if (!asked) return;
    setFailure(undefined);
    try {
      await decide.mutateAsync({ id: asked.request.id, decision: asked.decision });
      announce(
        asked.decision === 'erase'
          ? `${asked.request.subjectLabel} was erased.`
          : `The request about ${asked.request.subjectLabel} was declined.`,
      );
      setAsked(undefined);
    } catch (error) {
      setFailure(error);
    }
  }
  const close = () => {
    if (decide.isPending) return;
    setFailure(undefined);
    setAsked(undefined);
  };
  return (
    <>
      <PageHeading title="Erasure requests">
        <p>
          People who asked us to erase their data, from their entry’s private page, their profile, or the
          privacy page with a mobile number they proved by a texted code. Erase does it everywhere at once;
          Decline keeps everything (tell the person why).
        </p>
      </PageHeading>
      {requests.isPending && <Loading label="Loading the requests…" />}
      <QueryError query={requests} />
      {requests.data?.length === 0 && <p className="text-stone-700">No requests are waiting.</p>}
      {requests.data && requests.data.length > 0 && (
        <DataTable
          label="Erasure requests waiting"
          columns={['Asked on', 'About', 'What', 'From', 'Reason', 'Erasing touches', '']}
        >
          {requests.data.map((request) => (
            <tr key={request.id} className={rowClass}>
              <Cell label="Asked on">{formatDateTime(request.requestedAt)}</Cell>
              <Cell label="About" className="font-semibold">
                {request.subjectLabel}
              </Cell>
              <Cell label="What">{KIND_LABELS[request.subjectType]}</Cell>
              <Cell label="From">{ERASURE_SOURCE_LABELS[request.source]}</Cell>
              <Cell label="Reason">
                {request.reason || <span className="text-stone-600">None given</span>}
              </Cell>
              <Cell label="Erasing touches">
                <RecordsReached records={request.records} />
              </Cell>
              <Cell>
                <div className="mt-2 flex flex-wrap gap-2 sm:mt-0 sm:justify-end">
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Erase ${request.subjectLabel}`}
                    onClick={() => setAsked({ request, decision: 'erase' })}
                  >
                    Erase
                  </button>
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Decline the request about ${request.subjectLabel}`}
                    onClick={() => setAsked({ request, decision: 'decline' })}
                  >
                    Decline
                  </button>
                </div>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={asked !== undefined}
        title={
          asked?.decision === 'erase'
            ? `Erase ${asked.request.subjectLabel}?`
            : `Decline the request about ${asked?.request.subjectLabel ?? ''}?`
        }
        confirmLabel={asked?.decision === 'erase' ? 'Erase' : 'Decline'}
        busy={decide.isPending}
        failure={failure}
        onConfirm={confirm}
        onCancel={close}
      >
        {asked?.decision === 'erase' ? (
          <>
            <p>{WHAT_ERASING_DOES[asked.request.subjectType]} This cannot be undone.</p>
            <p className="mt-3 font-semibold">It touches:</p>
            <RecordsReached records={asked.request.records} />
          </>
        ) : (
          'Nothing is erased and the request is closed. Let the person know why.'
        )}
      </ConfirmDialog>
    </>
  );
}
