import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import type { CheckInAction, CheckInEntry } from '../../../../shared/check-in/check-in.ts';
import { alreadyText, harareTime } from '../../../../shared/check-in/check-in-text.ts';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import { Badge, MinorMark } from '../../../components/ui/badge.tsx';
import { Button, rowButtonClass } from '../../../components/ui/button.tsx';
import { moneyText } from '../../../lib/money-text.ts';
import { holdCash, type KeptCash, undoCash, useKeptCash } from '../cash-queue.ts';
import {
  applyCashToRoster,
  applyEntryToRoster,
  applyTapToRoster,
  restorePaymentOnRoster,
  rosterPaymentOf,
} from '../roster.ts';
import { tap } from '../tap-queue.ts';
import { ConfirmCash, HeldCash } from './cash-taken.tsx';

type Done = CheckInEntry['checkedIn'];

/** The entry as it will be once a tap still waiting on the phone is sent. */
function afterTap(entry: CheckInEntry, action: CheckInAction, by: string): CheckInEntry {
  const done = { at: new Date().toISOString(), by };
  switch (action) {
    case 'check-in':
      return { ...entry, checkedIn: entry.checkedIn ?? done };
    case 'undo-check-in':
      return { ...entry, checkedIn: null };
    case 'tshirt-collected':
      return { ...entry, tshirtCollected: entry.tshirtCollected ?? done };
    case 'undo-tshirt-collected':
      return { ...entry, tshirtCollected: null };
  }
}

type Note = { tone: 'info' | 'warn' | 'error'; text: string };
const NOTE_CLASSES = {
  info: 'border-green-300 bg-green-50 text-green-900',
  warn: 'border-amber-400 bg-amber-50 text-amber-950',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/**
 * The entry chosen at the table: bib, race, size and payment, and the two things done there (check-in,
 * T-shirt), each with its undo. A tap made without signal shows as done and waits on the phone.
 */
export function EntryCard({
  entry,
  volunteer,
  accountId,
  waitingActions,
  onChange,
}: {
  entry: CheckInEntry;
  volunteer: string;
  accountId: string;
  /** Taps for this entry still waiting on the phone. */
  waitingActions: CheckInAction[];
  onChange: (entry: CheckInEntry) => void;
}) {
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ currency: 'USD' | 'ZWG'; amount: string } | null>(null);
  const kept = useKeptCash(accountId, entry.id);
  const card = useRef<HTMLElement>(null);
  const cashButtons = useRef<HTMLDivElement>(null);
  // After Undo the keyboard goes back to "Mark paid — cash", once that is shown again.
  const [focusCash, setFocusCash] = useState(false);
  useEffect(() => {
    if (!focusCash || kept) return;
    cashButtons.current?.querySelector('button')?.focus();
    setFocusCash(false);
  }, [focusCash, kept]);
  // Chosen from a list or scanned, the entry is what the volunteer looks at next (the page is keyed by entry).
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);

  async function act(action: CheckInAction) {
    setBusy(true);
    setNote(null);
    const answer = await tap(entry.id, action);
    setBusy(false);
    if (answer.kind === 'sent') {
      await applyEntryToRoster(answer.result.entry);
      onChange(answer.result.entry);
      if (answer.result.outcome === 'already') {
        setNote({ tone: 'warn', text: alreadyText(action, answer.result.entry) });
      }
    } else if (answer.kind === 'waiting') {
      await applyTapToRoster(entry.id, action, volunteer, new Date().toISOString());
      onChange(afterTap(entry, action, volunteer));
      setNote({
        tone: 'info',
        text: 'No connection: saved on this phone, it will be sent when the signal returns.',
      });
    } else {
      setNote({ tone: 'error', text: answer.message });
    }
  }

  // Held on the phone, not sent: the server numbers the receipt (and mails it) only when the minute is over.
  async function takeCash(currency: 'USD' | 'ZWG') {
    setConfirming(null);
    setNote(null);
    holdCash({ registrationId: entry.id, currency }, accountId, rosterPaymentOf(entry.id));
    await applyCashToRoster(entry.id);
  }

  async function undo(held: KeptCash) {
    if (!undoCash(held.idempotencyKey)) {
      setNote({
        tone: 'warn',
        text: 'Too late to undo: the payment has been sent. Ask an organiser to correct it.',
      });
      return;
    }
    if (held.before) await restorePaymentOnRoster(entry.id, held.before);
    setNote({ tone: 'info', text: 'Cash payment undone: nothing was sent.' });
    setFocusCash(true);
  }

  const waiting = (actions: CheckInAction[]) => actions.some((action) => waitingActions.includes(action));
  const name = `${entry.firstName} ${entry.lastName}`;

  return (
    <article
      ref={card}
      aria-label={name}
      className="rounded-xl border-2 border-brand-700 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-stone-900">
            {name}
            <MinorMark minor={entry.minor} />
          </h2>
          <p className="text-stone-700">{entry.reference}</p>
        </div>
        <p className="text-right">
          <span className="block text-sm text-stone-700">Bib</span>
          <span className="text-3xl font-bold">{entry.bib ?? '—'}</span>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2">
        <Fact term="Race">
          {DISCIPLINE_LABELS[entry.discipline]} · {entry.race}
        </Fact>
        <Fact term="T-shirt">{entry.tshirtSize}</Fact>
      </dl>

      {kept ? (
        <HeldCash kept={kept} onUndo={() => void undo(kept)} />
      ) : (
        <Payment entry={entry} busy={busy} cashButtons={cashButtons} onCash={setConfirming} />
      )}
      <ConfirmCash
        payment={confirming}
        name={name}
        onConfirm={(currency) => void takeCash(currency)}
        onCancel={() => setConfirming(null)}
      />

      {note && (
        <p
          role={note.tone === 'info' ? 'status' : 'alert'}
          className={`mt-3 rounded-lg border p-3 ${NOTE_CLASSES[note.tone]}`}
        >
          {note.text}
        </p>
      )}

      <div className="mt-4 flex flex-col gap-3">
        <Toggle
          label="Check in"
          doneText="Checked in"
          undoLabel="Undo check-in"
          done={entry.checkedIn}
          waiting={waiting(['check-in', 'undo-check-in'])}
          busy={busy}
          onDo={() => act('check-in')}
          onUndo={() => act('undo-check-in')}
        />
        <Toggle
          label="T-shirt collected"
          doneText={`T-shirt (${entry.tshirtSize}) collected`}
          undoLabel="Undo T-shirt"
          done={entry.tshirtCollected}
          waiting={waiting(['tshirt-collected', 'undo-tshirt-collected'])}
          busy={busy}
          onDo={() => act('tshirt-collected')}
          onUndo={() => act('undo-tshirt-collected')}
        />
      </div>
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-stone-700">{term}</dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  );
}

function Payment({
  entry,
  busy,
  cashButtons,
  onCash,
}: {
  entry: CheckInEntry;
  busy: boolean;
  /** Holds the cash buttons: the keyboard goes back to the first after Undo. */
  cashButtons: Ref<HTMLDivElement>;
  onCash: (fee: { currency: 'USD' | 'ZWG'; amount: string }) => void;
}) {
  if (entry.paymentStatus === 'paid')
    return (
      <p className="mt-3">
        <Badge tone="good">Paid</Badge>
      </p>
    );
  if (entry.paymentStatus === 'waived')
    return (
      <p className="mt-3">
        <Badge tone="plain">Fee waived</Badge>
      </p>
    );
  const fees = (['USD', 'ZWG'] as const).flatMap((currency) => {
    const amount = entry.fees[currency];
    return amount === null ? [] : [{ currency, amount }];
  });
  return (
    <div className="mt-3 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900">
      <p className="text-lg font-bold">
        {entry.paymentStatus === 'part_paid' ? 'PART PAID' : 'NOT PAID'}
        {fees.length > 0 && ` — owes ${fees.map((fee) => moneyText(fee.currency, fee.amount)).join(' or ')}`}
      </p>
      <div ref={cashButtons} className="mt-2 flex flex-col gap-2">
        {fees.map((fee) => (
          <Button
            key={fee.currency}
            type="button"
            disabled={busy}
            className="bg-red-700 hover:bg-red-800"
            onClick={() => onCash(fee)}
          >
            Mark paid — cash {moneyText(fee.currency, fee.amount)}
          </Button>
        ))}
        {fees.length === 0 && <p>This race has no fee set: ask an organiser.</p>}
      </div>
    </div>
  );
}

function Toggle({
  label,
  doneText,
  undoLabel,
  done,
  waiting,
  busy,
  onDo,
  onUndo,
}: {
  label: string;
  doneText: string;
  undoLabel: string;
  done: Done;
  waiting: boolean;
  busy: boolean;
  onDo: () => void;
  onUndo: () => void;
}) {
  if (!done) {
    return (
      <div className="flex flex-col gap-1">
        <Button type="button" disabled={busy} className="min-h-14 text-lg" onClick={onDo}>
          {label}
        </Button>
        {waiting && <p className="text-sm text-stone-700">Undone on this phone, waiting to be sent.</p>}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-300 bg-green-50 p-3">
      <p className="text-green-900">
        <strong>✓ {doneText}</strong>{' '}
        {waiting ? '(waiting to be sent)' : `at ${harareTime(done.at)} by ${done.by}`}
      </p>
      <button
        type="button"
        disabled={busy}
        className={`${rowButtonClass} ml-auto whitespace-nowrap`}
        onClick={onUndo}
      >
        {undoLabel}
      </button>
    </div>
  );
}
