import { useState } from 'react';
import { priceText } from '../../../../shared/money.ts';
import type { PaymentAttempt } from '../../../../shared/payments/online-payment.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { expiryText } from '../wallet-code-expiry.ts';

/** The InnBucks app opens the payment from this link (Paynow's express checkout document). */
const innBucksLink = (code: string) =>
  `schinn.wbpycode://innbucks.co.zw?pymInnCode=${encodeURIComponent(code)}`;

/**
 * An InnBucks or O'mari payment waiting for the payer: the code to approve in the wallet's app, until when,
 * its QR code (drawn by our server) to scan from another phone, and for InnBucks a link that opens the app.
 */
export function WalletCode({
  attempt,
  code,
  expires,
  qrUrl,
}: {
  attempt: PaymentAttempt;
  code: string;
  expires: string | null;
  qrUrl: string;
}) {
  const [copied, setCopied] = useState(false);
  const wallet = attempt.method === 'innbucks' ? 'InnBucks' : 'O’mari';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-stone-900">
      <p className="text-lg font-bold">Approve the payment in the {wallet} app</p>
      <p>
        {wallet} asks you to approve {priceText(attempt.currency, attempt.amount)} with this code. This page
        updates by itself once it is paid.
      </p>
      <div className="flex flex-col items-start gap-1">
        <span className="font-medium text-stone-800">Your {wallet} code</span>
        <span className="font-mono text-3xl font-bold tracking-widest break-all">{code}</span>
        {expires && <span className="text-stone-800">Use it before {expiryText(expires)}.</span>}
      </div>
      <div className="flex flex-wrap gap-3">
        {attempt.method === 'innbucks' && (
          <a href={innBucksLink(code)} className={secondaryButtonClass}>
            Open InnBucks
          </a>
        )}
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          {copied ? 'Code copied' : 'Copy the code'}
        </button>
      </div>
      <p className="text-stone-800">Paying from another phone? Scan this QR code with its {wallet} app.</p>
      <img
        src={qrUrl}
        alt={`QR code of the ${wallet} code ${code}`}
        width={224}
        height={224}
        className="size-56 max-w-full self-center bg-white"
      />
    </div>
  );
}
