import { formatShortDate } from '../../../../shared/dates.ts';
import { type ParticipantDetail, paymentMethodLabel } from '../../../../shared/participants/participants.ts';
import { receiptFileName } from '../../../../shared/payments/receipts.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { moneyText } from '../../../lib/money-text.ts';

const receiptUrl = (id: string, number: number) =>
  `/api/participants/${encodeURIComponent(id)}/receipts/${number}.pdf`;

/** The entry's receipts, the newest first: the one the entrant was mailed last, and any before it. */
export function ReceiptLinks({ entry }: { entry: ParticipantDetail }) {
  const [latest, ...earlier] = entry.receipts;
  if (!latest) return null;
  const facts = (receipt: ParticipantDetail['receipts'][number]) =>
    [
      `Receipt ${receipt.number}`,
      receipt.currency && receipt.amount ? moneyText(receipt.currency, receipt.amount) : undefined,
      paymentMethodLabel(receipt.method),
      formatShortDate(receipt.paidOn),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <a
          href={receiptUrl(entry.id, latest.number)}
          download={receiptFileName(entry.reference, latest.number)}
          className={secondaryButtonClass}
        >
          Download receipt (PDF)
        </a>
        <span className="text-stone-700">{facts(latest)}</span>
      </div>
      {earlier.length > 0 && (
        <p className="text-sm text-stone-700">
          Earlier:{' '}
          {earlier.map((receipt, index) => (
            <span key={receipt.number}>
              {index > 0 && ', '}
              <a
                href={receiptUrl(entry.id, receipt.number)}
                download={receiptFileName(entry.reference, receipt.number)}
                className="underline"
              >
                {facts(receipt)} (PDF)
              </a>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
