import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatShortDate } from '../../../../shared/dates.ts';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/participants/participants.ts';
import { shareInOrder, toCents } from '../../../../shared/payments/balance.ts';
import {
  type StatementReview as Review,
  STATEMENT_ACCOUNT_LABELS,
  type StatementLine,
  type StatementOutcome,
} from '../../../../shared/statements/statements.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { FormSuccess } from '../../../components/ui/form-alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useConfirmStatement, useStatementLines } from '../api/statements.ts';
import { AssignEntries } from './assign-entries.tsx';

const entriesText = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
const lineDate = (line: StatementLine) => (line.postedOn ? formatShortDate(line.postedOn) : 'no date');

function LineFacts({ line }: { line: StatementLine }) {
  return (
    <p className="text-sm text-stone-700">
      <span className="font-semibold tabular-nums text-stone-900">
        {line.currency} {line.amount}
      </span>{' '}
      · {lineDate(line)} · <span className="break-words">{line.narrative}</span>
    </p>
  );
}

function EntryText({ line }: { line: StatementLine }) {
  const [entry] = line.entries;
  if (line.team) {
    return (
      <>
        {entriesText(line.entries.length)}
        {line.matchedBy === 'payer' ? ' registered with the number that paid' : ''}
        {line.matchedBy === 'hand' ? ' assigned by hand' : ''}, paid in the order named:{' '}
        {line.entries.map((each) => `${each.name} (${each.reference})`).join(', ')}
      </>
    );
  }
  if (!entry) return null;
  return (
    <>
      {entry.name} <span className="whitespace-nowrap font-mono text-sm">{entry.reference}</span> ·{' '}
      {entry.race}, fee {entry.fee === null ? 'none in this currency' : `${line.currency} ${entry.fee}`}
    </>
  );
}

const cardClass = 'rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4';

/**
 * The entries a line marks when applied: one, or for a line naming several, each that its amount reaches by
 * the one payment rule (entries without a fee in the line's currency are left out, as the server leaves them).
 */
function entriesOf(line: StatementLine) {
  if (!line.team) return Math.min(1, line.entries.length);
  const dues = line.entries.flatMap((entry) => (entry.fee === null ? [] : [toCents(entry.fee)]));
  return shareInOrder(toCents(line.amount), dues).length;
}
const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/**
 * An import's lines in four groups, each a page at a time, the admin's choices (kept while turning pages) and
 * "Mark N entries paid".
 */
export function StatementReview({ review }: { review: Review }) {
  const confirm = useConfirmStatement(review.id);
  // Each unticked or chosen line with the number of entries it would have marked or will mark.
  const [unticked, setUnticked] = useState<Map<number, number>>(new Map());
  // Each line the admin assigned, with the entries it pays in the order ticked.
  const [assigned, setAssigned] = useState<Map<number, string[]>>(new Map());
  const [asking, setAsking] = useState(false);
  const [showUnmatched, setShowUnmatched] = useState(false);
  const confirmed = review.confirmedAt !== null;
  const { counts } = review;
  const open = (line: StatementLine) => !confirmed && !line.alreadyPaid && line.appliedAt === null;
  const count = review.toMark - sum(unticked.values()) + sum([...assigned.values()].map((ids) => ids.length));
  const assign = (line: StatementLine, ids: string[]) =>
    setAssigned((now) => {
      const next = new Map(now);
      if (ids.length > 0) next.set(line.id, ids);
      else next.delete(line.id);
      return next;
    });
  const assignment = (line: StatementLine) => ({
    line,
    value: assigned.get(line.id) ?? [],
    onChange: (ids: string[]) => assign(line, ids),
  });
  const tick = (line: StatementLine, ticked: boolean) =>
    setUnticked((now) => {
      const next = new Map(now);
      if (ticked) next.delete(line.id);
      else next.set(line.id, entriesOf(line));
      return next;
    });

  return (
    <div className="flex flex-col gap-8">
      <p className="text-stone-700">
        {review.fileName} · {STATEMENT_ACCOUNT_LABELS[review.account]} · imported{' '}
        {formatDateTime(review.uploadedAt)}
        {review.uploadedBy ? ` by ${review.uploadedBy}` : ''}
      </p>
      {confirm.data && (
        <FormSuccess>
          {confirm.data.marked.length === 0
            ? 'Nothing was marked paid.'
            : `${entriesText(confirm.data.marked.length)} marked paid by ${PAYMENT_METHOD_LABELS[review.account]}.`}{' '}
          <Link to="/Participants" className="font-medium underline">
            See the participants
          </Link>
        </FormSuccess>
      )}
      {confirmed && !confirm.data && (
        <FormSuccess>
          Confirmed {formatDateTime(review.confirmedAt ?? '')}: this statement's payments are recorded.
        </FormSuccess>
      )}

      <Group
        title="Matched"
        count={counts.matched}
        empty="No line pays an entry's fee with its reference."
        note={
          review.alreadyPaid > 0
            ? `Already paid before this statement: ${review.alreadyPaid} ${review.alreadyPaid === 1 ? 'line' : 'lines'} (shown last).`
            : undefined
        }
      >
        <GroupLines id={review.id} outcome="matched" title="matched lines">
          {(line) => (
            <li key={line.id} className={cardClass}>
              {open(line) ? (
                <label className="flex gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    checked={!unticked.has(line.id)}
                    onChange={(event) => tick(line, event.target.checked)}
                  />
                  <span className="flex flex-col gap-1">
                    <span className="font-medium">
                      Mark paid: <EntryText line={line} />
                    </span>
                    <LineFacts line={line} />
                  </span>
                </label>
              ) : (
                <Closed line={line} />
              )}
            </li>
          )}
        </GroupLines>
      </Group>

      <Group title="Ambiguous" count={counts.ambiguous} empty="No line names two entries.">
        <GroupLines id={review.id} outcome="ambiguous" title="ambiguous lines">
          {(line) => (
            <li key={line.id} className={cardClass}>
              <LineFacts line={line} />
              {open(line) ? (
                <AssignEntries legend="Which entries does it pay?" {...assignment(line)} />
              ) : (
                <Closed line={line} />
              )}
            </li>
          )}
        </GroupLines>
      </Group>

      <Group
        title="Amount differs"
        count={counts['amount-differs']}
        empty="No line pays another amount than the fee."
      >
        <GroupLines id={review.id} outcome="amount-differs" title="lines whose amount differs">
          {(line) => (
            <li key={line.id} className={cardClass}>
              {line.matchedBy === 'payer' ? (
                <p className="font-medium">
                  Paid from the number of {line.entries.map((entry) => entry.name).join(', ')}; the amount is
                  not what {line.entries.length === 1 ? 'the entry owes' : 'they owe together'}.
                </p>
              ) : (
                <p className="font-medium">
                  <EntryText line={line} />
                </p>
              )}
              <LineFacts line={line} />
              {open(line) ? (
                <AssignEntries
                  legend={
                    line.entries.length > 1
                      ? 'Mark paid with this amount? Tick the entries it pays'
                      : 'Mark paid with this amount?'
                  }
                  {...assignment(line)}
                />
              ) : (
                <Closed line={line} />
              )}
            </li>
          )}
        </GroupLines>
      </Group>

      <Group title="Unmatched" count={counts.unmatched} empty="Every line names an entry.">
        <details className={cardClass} onToggle={(event) => setShowUnmatched(event.currentTarget.open)}>
          <summary className="cursor-pointer font-medium">
            Show {counts.unmatched === 1 ? 'the line' : `the ${counts.unmatched} lines`} no entry matched
            (assign one by hand if you know who paid)
          </summary>
          {showUnmatched && (
            <GroupLines id={review.id} outcome="unmatched" title="unmatched lines" compact>
              {(line) => (
                <li key={line.id} className="border-t border-stone-200 pt-2">
                  <LineFacts line={line} />
                  {open(line) && line.amount.startsWith('-') === false ? (
                    <AssignEntries legend="Who paid it?" {...assignment(line)} />
                  ) : (
                    line.appliedAt && <Closed line={line} />
                  )}
                </li>
              )}
            </GroupLines>
          )}
        </details>
      </Group>

      {!confirmed && (
        <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-stone-50/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <button
            type="button"
            className={buttonClass}
            disabled={confirm.isPending || count === 0}
            onClick={() => setAsking(true)}
          >
            Mark {entriesText(count)} paid
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={`Mark ${entriesText(count)} paid?`}
        confirmLabel={confirm.isPending ? 'Marking…' : `Mark ${entriesText(count)} paid`}
        busy={confirm.isPending}
        failure={confirm.error}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          confirm.mutate(
            {
              skip: [...unticked.keys()],
              choose: [],
              assign: [...assigned].map(([line, registrationIds]) => ({ line, registrationIds })),
            },
            { onSuccess: () => setAsking(false) },
          )
        }
      >
        <p>
          Each is marked paid by {PAYMENT_METHOD_LABELS[review.account]} with its line's amount, date and
          description. The statement is then closed: lines left now stay unpaid here, and importing the
          statement again changes nothing.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** One group's lines, a page at a time, with Previous and Next when there is more than one page. */
function GroupLines({
  id,
  outcome,
  title,
  compact = false,
  children,
}: {
  id: string;
  outcome: StatementOutcome;
  /** What the pages are of, e.g. "matched lines". */
  title: string;
  compact?: boolean;
  children: (line: StatementLine) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const lines = useStatementLines(id, outcome, page);
  const pages = lines.data ? Math.max(1, Math.ceil(lines.data.total / lines.data.pageSize)) : 1;
  const first = lines.data ? (lines.data.page - 1) * lines.data.pageSize + 1 : 0;
  return (
    <>
      {lines.isPending && <Loading label="Loading the lines…" />}
      <QueryError query={lines} />
      {lines.data && (
        <ul className={`flex flex-col ${compact ? 'mt-3 gap-2' : 'gap-3'}`}>
          {lines.data.lines.map(children)}
        </ul>
      )}
      {lines.data && pages > 1 && (
        <Pager
          label={`Pages of the ${title}`}
          page={page}
          pages={pages}
          onTurn={(step) => setPage((now) => Math.min(pages, Math.max(1, now + step)))}
        >
          Lines {first}–{first + lines.data.lines.length - 1} of {lines.data.total}
        </Pager>
      )}
    </>
  );
}

function Group({
  title,
  count,
  empty,
  note,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Section title={`${title} (${count})`}>
      {note && count > 0 && <p className="text-stone-700">{note}</p>}
      {count === 0 ? <p className="text-stone-700">{empty}</p> : children}
    </Section>
  );
}

function Closed({ line }: { line: StatementLine }) {
  return (
    <div className="flex flex-col gap-1">
      {line.outcome === 'matched' && (
        <p className="font-medium">
          <EntryText line={line} />
        </p>
      )}
      {line.outcome === 'matched' && <LineFacts line={line} />}
      {line.outcome === 'ambiguous' && (
        <p className="text-sm text-stone-700">
          Names {line.entries.map((entry) => `${entry.name} (${entry.reference})`).join(' and ')}
        </p>
      )}
      <p>
        {line.appliedAt ? (
          <Badge tone="good">Marked paid</Badge>
        ) : line.alreadyPaid ? (
          <Badge tone="plain">Already paid</Badge>
        ) : (
          <Badge tone="plain">Left unpaid</Badge>
        )}
      </p>
    </div>
  );
}
