import { Navigate } from 'react-router';
import { safeNextPath } from '../../../shared/safe-next-path.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { recallPaymentReturn } from '../../features/payments/payment-return.ts';

/** Where Paynow's page sends the payer back: to the page they paid from, which follows the payment. */
export default function PaymentReturn() {
  const back = safeNextPath(recallPaymentReturn());
  if (back) return <Navigate to={back} replace />;
  return (
    <PublicPage title="Payment">
      <h1 className="text-3xl font-bold">Thank you</h1>
      <p className="mt-4 text-lg text-stone-800">
        Paynow is confirming your payment. As soon as it does, your entry is marked paid and we email you a
        receipt.
      </p>
      <p className="mt-4 text-stone-800">
        To see your entry, open the private link in your confirmation email.
      </p>
    </PublicPage>
  );
}
