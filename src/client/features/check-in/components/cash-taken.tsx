import { useEffect, useState } from 'react';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { moneyText } from '../../../lib/money-text.ts';
import type { KeptCash } from '../cash-queue.ts';

type Fee = { currency: 'USD' | 'ZWG'; amount: string };

/** "Take USD 15.00 in cash from Chipo Moyo?": one tap on a red button is not yet money taken. */
export function ConfirmCash({
  payment,
  name,
  onConfirm,
  onCancel,
}: {
  payment: Fee | null;
  name: string;
  onConfirm: (currency: Fee['currency']) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={payment !== null}
      title={payment ? `Take ${moneyText(payment.currency, payment.amount)} in cash from ${name}?` : ''}
      confirmLabel="Cash taken"
      onConfirm={() => payment && onConfirm(payment.currency)}
      onCancel={onCancel}
    >
      <p>The payment is sent (and the receipt mailed) a minute later: until then you can undo it.</p>
    </ConfirmDialog>
  );
}

/** "0:45" */
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Now, every second until `until` (ms since 1970) has passed. */
function useNowUntil(until: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (now >= until) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => clearTimeout(timer);
  }, [now, until]);
  return now;
}

/** Cash taken here and still on the phone: the minute left to undo it, or waiting for signal; Undo. */
export function HeldCash({ kept, onUndo }: { kept: KeptCash; onUndo: () => void }) {
  const until = kept.notBefore ?? 0;
  const now = useNowUntil(until);
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
      {/* Announced once; the countdown beside it would be read out every second. */}
      <p role="status" className="sr-only">
        Cash taken. It is sent in one minute unless you undo it.
      </p>
      <p className="font-bold">
        Paid in cash — {now < until ? `sent in ${clock(until - now)}` : 'waiting to be sent'}
      </p>
      <button type="button" className={`${rowButtonClass} ml-auto min-h-12 px-5 text-base`} onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
