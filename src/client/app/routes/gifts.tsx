import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminGift } from '../../../shared/gifts/gifts.ts';
import { rowButtonClass } from '../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { ErasePersonButton } from '../../features/erasure/index.ts';
import { useAdminGifts, useGiftTotals, useRecordGiftPaid } from '../../features/gifts/api/admin-gifts.ts';
import { GiftTotalsFigures } from '../../features/gifts/components/gift-totals.tsx';
import { formatDate } from '../../lib/dates.ts';
import { moneyText } from '../../lib/money-text.ts';

const STATUS_TEXT = {
  unpaid: 'Waiting for money',
  paid: 'Paid',
  lapsed: 'Lapsed (not paid in 7 days)',
} as const;

/** /Gifts: the totals, every gift with its giver, recording one as paid, and the CSV. */
export default function Gifts() {
  const totals = useGiftTotals();
  const gifts = useAdminGifts();
  return (
    <>
      <PageHeading title="Gifts">
        <p>
          Gifts to the cause, kept apart from entry fees. Record a gift as paid when its money arrives in cash
          or you see it in the bank: a receipt is mailed to the giver.
        </p>
      </PageHeading>
      {totals.isPending && <Loading label="Loading the totals…" />}
      <QueryError query={totals} />
      {totals.data && <GiftTotalsFigures totals={totals.data} />}
      <p className="my-6">
        <a href="/api/admin/gifts.csv" className="font-medium text-brand-700 underline" download>
          Download the gifts (CSV)
        </a>
      </p>
      {gifts.isPending && <Loading label="Loading the gifts…" />}
      <QueryError query={gifts} />
      {gifts.data?.length === 0 && <p>No gifts yet. They appear here as people give on /Give.</p>}
      {gifts.data && gifts.data.length > 0 && <GiftList gifts={gifts.data} />}
    </>
  );
}

function GiftList({ gifts }: { gifts: AdminGift[] }) {
  const record = useRecordGiftPaid();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string>();
  return (
    <>
      {record.isError && <FormAlert>{errorText(record.error)}</FormAlert>}
      {done && <FormSuccess>{done}</FormSuccess>}
      <ul aria-label="Gifts" className="flex flex-col gap-3">
        {gifts.map((gift) => (
          <li key={gift.id} className="rounded-xl border border-stone-200 bg-white p-4">
            <p className="font-semibold">
              {gift.reference} · {moneyText(gift.currency, gift.amount)}
            </p>
            <p>{gift.giverName || '(erased)'}</p>
            <p className="text-sm text-stone-700">
              {[gift.giverEmail, gift.giverMobile].filter(Boolean).join(' · ')}
            </p>
            <p className="text-sm text-stone-700">
              {STATUS_TEXT[gift.status]}
              {gift.paidAt
                ? `, ${formatDate(gift.paidAt)} by ${gift.paidBy}, receipt ${gift.receiptNumber}`
                : ''}{' '}
              · made {formatDate(gift.createdAt)}
            </p>
            {gift.status === 'paid' && (
              <a
                href={`/api/admin/gifts/${gift.id}/receipt.pdf`}
                className="mt-1 inline-block text-sm font-medium text-brand-700 underline"
              >
                Receipt {gift.receiptNumber} (PDF)
              </a>
            )}
            {gift.status !== 'paid' && (
              <div className="mt-2 flex flex-wrap gap-2">
                {(['cash', 'bank', 'mobile-money'] as const).map((method) => (
                  <button
                    key={method}
                    type="button"
                    className={rowButtonClass}
                    disabled={record.isPending}
                    aria-label={`Record ${gift.reference} as paid by ${method.replace('-', ' ')}`}
                    onClick={() =>
                      record.mutate(
                        { id: gift.id, method },
                        {
                          onSuccess: (paid) =>
                            setDone(`${paid.reference} is paid: receipt ${paid.receiptNumber}.`),
                        },
                      )
                    }
                  >
                    Paid by {method.replace('-', ' ')}
                  </button>
                ))}
              </div>
            )}
            {gift.giverName && (
              <div className="mt-2">
                <ErasePersonButton
                  subjectType="gift"
                  subjectId={gift.id}
                  who={`the giver of ${gift.reference}`}
                  onErased={() => void queryClient.invalidateQueries({ queryKey: ['admin-gifts'] })}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
