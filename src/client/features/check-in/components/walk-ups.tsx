import { useEffect, useRef, useState } from 'react';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { moneyText } from '../../../lib/money-text.ts';
import { keepSendingWalkUps, type SentWalkUp, useWalkUpQueue } from '../walk-up-queue.ts';
import { type WalkUpDone, WalkUpEntry } from './walk-up-entry.tsx';
import { WalkUpPrompt } from './walk-up-prompt.tsx';

const feesText = (fees: { USD: string | null; ZWG: string | null }) =>
  [fees.USD && moneyText('USD', fees.USD), fees.ZWG && moneyText('ZWG', fees.ZWG)]
    .filter(Boolean)
    .join(' or ') || 'the fee is not set';

/** "Paid in cash: USD 15.00" for cash taken at the table (the fee it paid). */
function paidText(fee: string, fees: { USD: string | null; ZWG: string | null }) {
  const currency = fee === 'cash-USD' ? 'USD' : fee === 'cash-ZWG' ? 'ZWG' : null;
  const amount = currency && fees[currency];
  return currency && amount ? `Paid in cash: ${moneyText(currency, amount)}` : 'Paid';
}

const bibText = (bib: number | null) => (bib === null ? 'Bib at sync' : `Bib ${bib}`);

/**
 * Walk-up entries at the check-in table (issue 37): "New entry" opens the form; what was registered (or
 * kept on the phone without signal) shows as a card, and the walk-ups waiting or sent from the phone below.
 */
export function WalkUps({ accountId }: { accountId: string }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<WalkUpDone>();
  const queue = useWalkUpQueue();
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    keepSendingWalkUps(accountId);
  }, [accountId]);

  return (
    <Section
      title="Walk-up entries"
      action={
        <button
          type="button"
          aria-expanded={open}
          className={open ? secondaryButtonClass : buttonClass}
          onClick={() => {
            setOpen(!open);
            setDone(undefined);
          }}
        >
          {open ? 'Close the form' : 'New entry'}
        </button>
      }
    >
      <p className="text-stone-700">
        On the event day: register someone at the table, give the bib and check them in, in one step.
      </p>
      <div ref={cardRef} aria-live="polite" className="scroll-mt-4 empty:hidden">
        {done && (
          <DoneCard
            done={done}
            sent={done.kind === 'kept' ? queue.sent.find((item) => item.key === done.key) : undefined}
            onNext={() => setDone(undefined)}
          />
        )}
      </div>
      {queue.waiting.length > 0 && (
        <div className="rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
          <p role="status" className="font-semibold">
            {queue.waiting.length === 1
              ? '1 walk-up waiting to be sent'
              : `${queue.waiting.length} walk-ups waiting to be sent`}
            : they are registered when the phone has signal.
          </p>
          <ul className="mt-2 flex flex-col gap-1">
            {queue.waiting.map((item) => (
              <li key={item.walkUp.idempotencyKey}>
                {item.name} · {item.race} · {bibText(item.walkUp.provisionalBib)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {queue.sent.length > 0 && <SentList sent={queue.sent} />}
      {open && (
        <WalkUpEntry
          accountId={accountId}
          onDone={(next) => {
            setDone(next);
            cardRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
    </Section>
  );
}

function DoneCard({
  done,
  sent,
  onNext,
}: {
  done: WalkUpDone;
  /** What became of a walk-up kept on the phone, once sent. */
  sent?: SentWalkUp;
  onNext: () => void;
}) {
  if (done.kind === 'kept') {
    return (
      <div className="rounded-xl border-2 border-amber-500 bg-white p-4">
        <p role="status" className="text-lg font-bold">
          {sent
            ? `Sent — ${sentText(sent)}`
            : 'Saved on this phone: it is registered when the signal returns'}
        </p>
        <p className="mt-1">
          {done.name} · {done.race}
        </p>
        <p className="mt-2 text-3xl font-bold">{bibText(done.bib)}</p>
        <p className="mt-1">{done.cash ? `Paid in cash (${done.cash})` : 'Not paid yet'}</p>
        {done.bib === null && (
          <p className="text-sm text-stone-700">
            The bib number is given when the walk-up reaches the server.
          </p>
        )}
        {done.promptWanted && (
          <p className="mt-2 text-amber-950">
            A mobile money prompt needs signal: take the fee in cash, or ask for it once the entry is sent.
          </p>
        )}
        <NextButton onNext={onNext} />
      </div>
    );
  }
  const { result, name, fee } = done;
  if (result.outcome === 'clash' || !result.entry) {
    return (
      <div className="rounded-xl border-2 border-amber-500 bg-white p-4">
        <p role="status" className="text-lg font-bold">
          {name} seems registered already ({result.clashWith})
        </p>
        <p className="mt-1">
          Nothing was registered: an organiser will look at it. Find the entry {result.clashWith} above to
          check them in.
        </p>
        <NextButton onNext={onNext} />
      </div>
    );
  }
  const { entry } = result;
  const owes = entry.paymentStatus === 'unpaid' || entry.paymentStatus === 'part_paid';
  return (
    <div className="flex flex-col gap-3 rounded-xl border-2 border-brand-700 bg-white p-4">
      <div>
        <p role="status" className="text-lg font-bold">
          {entry.firstName} {entry.lastName} is registered and checked in
        </p>
        <p className="mt-1">
          {DISCIPLINE_LABELS[entry.discipline]} {entry.race} · T-shirt {entry.tshirtSize} · Reference{' '}
          <strong className="font-mono tracking-wider">{entry.reference}</strong>
        </p>
      </div>
      <p className="text-4xl font-bold">{entry.bib === null ? 'No bib' : `Bib ${entry.bib}`}</p>
      <p className="font-semibold text-green-800">✓ Checked in</p>
      {result.overCapacity && <p className="text-amber-950">The race was full: the organisers are told.</p>}
      <p>
        {owes
          ? `Not paid yet: ${feesText(entry.fees)}`
          : entry.paymentStatus === 'paid'
            ? paidText(fee, entry.fees)
            : 'Nothing to pay'}
      </p>
      {owes && fee === 'prompt' && <WalkUpPrompt entryId={entry.id} />}
      <NextButton onNext={onNext} />
    </div>
  );
}

function NextButton({ onNext }: { onNext: () => void }) {
  return (
    <button type="button" className={`${secondaryButtonClass} mt-3 self-start`} onClick={onNext}>
      Done
    </button>
  );
}

function sentText({ answer }: SentWalkUp) {
  switch (answer.kind) {
    case 'registered':
      return `Registered: ${answer.reference}, ${answer.bib === null ? 'no bib' : `bib ${answer.bib}`}${answer.overCapacity ? ' (over capacity: the organisers are told)' : ''}`;
    case 'clash':
      return `Not registered: seems registered already (${answer.clashWith}); an organiser will look at it`;
    default:
      return `Refused: ${answer.message}`;
  }
}

function SentList({ sent }: { sent: SentWalkUp[] }) {
  return (
    <section aria-labelledby="walk-ups-sent" className="flex flex-col gap-2">
      <h3 id="walk-ups-sent" className="text-lg font-bold">
        Walk-ups sent
      </h3>
      <ul className="flex flex-col gap-2">
        {sent.map((item) => (
          <li
            key={item.key}
            className={`rounded-lg border p-3 ${item.answer.kind === 'registered' ? 'border-stone-300 bg-white' : 'border-amber-400 bg-amber-50'}`}
          >
            <span className="block font-semibold">
              {item.name} · {item.race}
            </span>
            <span className="block text-sm text-stone-800">{sentText(item)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
