import type { ReactNode } from 'react';
import type { PublicEvent } from '../../../../shared/events/event.ts';
import { displayPhone } from '../../../../shared/events/event-display.ts';
import {
  codeAroundAmount,
  defaultMatchingNote,
  mobileMoneyCode,
  mobileMoneyCodes,
  type PaymentMethodKey,
  paymentOrder,
} from '../../../../shared/events/payments.ts';
import { priceText } from '../../../../shared/money.ts';
import type { OnlinePaymentMethod } from '../../../../shared/payments/online-payment-settings.ts';

const CURRENCY_NAMES = { USD: 'US$', ZWG: 'ZWG' } as const;

interface Props {
  event: PublicEvent;
  /** Quoted on every option after a registration. */
  reference?: string;
  /** The entrant's fee in each currency, filled into the mobile-money codes. */
  fees?: { usd: string | null; zwg: string | null };
  headingLevel?: 'h2' | 'h3';
}

/** The four ways to pay, as on the landing page, the banking page and the thank-you page (and the mail). */
export function PaymentOptions({ event, reference, fees, headingLevel: H = 'h3' }: Props) {
  const { payment } = event;
  const codes = mobileMoneyCodes(payment.mobileMoney, fees ?? { usd: null, zwg: null });
  const bankTransfer = (account: 'usd' | 'zwg', branch?: string) => {
    const currency = account.toUpperCase();
    return {
      title: `${currency} bank transfer`,
      details: (
        <>
          <Detail label="Account name" value={payment[account].accountName} />
          <Detail label={`Account number (${currency})`} value={payment[account].accountNumber} />
          <Detail label="Bank" value={payment.bankName} />
          {branch !== undefined && <Detail label="Branch" value={branch} />}
          {reference && <Detail label="Payment reference" value={reference} />}
        </>
      ),
    };
  };
  const options: Record<PaymentMethodKey, { title: string; details: ReactNode }> = {
    usd: bankTransfer('usd', payment.branch),
    zwg: bankTransfer('zwg'),
    cash: {
      title: 'Cash',
      details: (
        <p>
          Call{' '}
          <a href={`tel:${payment.cashPhone}`} className="font-semibold text-brand-700 underline">
            {displayPhone(event, payment.cashPhone)}
          </a>{' '}
          to arrange a cash payment{reference ? `, quoting ${reference}` : ''}.
        </p>
      ),
    },
    mobileMoney: {
      title: `Mobile money (${payment.mobileMoney.provider})`,
      details: (
        <>
          <p>Dial:</p>
          <ul className="space-y-1">
            {codes.map(({ currency, pattern, fee }) => (
              <li key={currency}>
                <span className="text-stone-600">
                  {priceText(currency, fee) ?? CURRENCY_NAMES[currency]}:
                </span>{' '}
                {fee ? (
                  <a
                    href={`tel:${encodeURIComponent(mobileMoneyCode(pattern, fee))}`}
                    className="font-mono font-semibold break-all text-brand-700 underline"
                  >
                    {mobileMoneyCode(pattern, fee)}
                  </a>
                ) : (
                  <CodeWithoutAmount pattern={pattern} />
                )}
              </li>
            ))}
          </ul>
          <Detail label="Number" value={displayPhone(event, payment.mobileMoney.number)} />
          <Detail label="Account holder" value={payment.mobileMoney.holderName} />
          {reference && <Detail label="Payment reference" value={reference} />}
          <p className="text-stone-700">
            {payment.mobileMoney.matchingNote || defaultMatchingNote(displayPhone(event, event.contactPhone))}
          </p>
        </>
      ),
    },
  };
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {paymentOrder(payment).map((key, index) => (
        <Option key={key} number={index + 1} title={options[key].title} H={H}>
          {options[key].details}
        </Option>
      ))}
    </ol>
  );
}

function Option({
  number,
  title,
  H,
  children,
}: {
  number: number;
  title: string;
  H: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <H className="mb-2 flex items-center gap-2 text-lg font-semibold text-stone-900">
        <span
          className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-sm text-brand-800"
          aria-hidden="true"
        >
          {number}
        </span>
        {title}
      </H>
      <div className="space-y-1 text-stone-800">{children}</div>
    </li>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <p>
      <span className="text-stone-600">{label}:</span>{' '}
      <span className="font-medium break-words">{value}</span>
    </p>
  );
}

/** A code whose amount is not known: the amount said in words where it goes. */
function CodeWithoutAmount({ pattern }: { pattern: string }) {
  const { before, after } = codeAroundAmount(pattern);
  return (
    <>
      <span className="font-mono font-semibold break-all">{before}</span> <span>then enter the amount</span>
      {after && (
        <>
          , then <span className="font-mono font-semibold break-all">{after}</span>
        </>
      )}
    </>
  );
}

// Not the settings' labels: importing them gave the landing page a chunk of its own for three words.
const ONLINE_NAMES: Record<OnlinePaymentMethod, string> = {
  ecocash: 'EcoCash',
  onemoney: 'OneMoney',
  innbucks: 'InnBucks',
  omari: 'O’mari',
  web: 'card',
};

/** "EcoCash, OneMoney or card": the ways to pay online, as a visitor reads them. */
export function onlineMethodsText(methods: PublicEvent['onlinePaymentMethods']) {
  const names = methods.map((method) => ONLINE_NAMES[method]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * Above the ways to pay, for someone not yet registered, while online payment is on: that they can pay at
 * once, rather than only "register first, then pay quoting the reference".
 */
export function PayOnlineNow({ event }: { event: PublicEvent }) {
  if (event.onlinePaymentMethods.length === 0) return null;
  return (
    <p className="mt-3 mb-4 rounded-xl border-2 border-brand-700 bg-brand-50 p-4 text-stone-900">
      <strong>Pay online now</strong> by {onlineMethodsText(event.onlinePaymentMethods)}: register, and the
      next page lets you pay at once. No reference to copy.
    </p>
  );
}
