import { useLocation, useParams } from 'react-router';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { MyEntryPage } from './my-entry-page.tsx';
import { MyLinksPage } from './my-links-page.tsx';
import { OfferPage } from './offer-page.tsx';
import { PayForPage } from './pay-for-page.tsx';
import { TransferPage } from './transfer-page.tsx';

/**
 * One route for the private-link pages (an entry, the links mailed again, a waitlist offer, a new address's
 * confirmation), so the public
 * pages' shared code names one chunk instead of three.
 */
export default function My() {
  const { token } = useParams();
  const { pathname } = useLocation();
  if (token && /^\/offer\//i.test(pathname)) return <OfferPage token={token} />;
  if (token && /^\/confirmemail\//i.test(pathname)) return <ConfirmEmailPage token={token} />;
  if (token && /^\/transfer\//i.test(pathname)) return <TransferPage token={token} />;
  if (token && /^\/payfor\//i.test(pathname)) return <PayForPage token={token} />;
  return token ? <MyEntryPage token={token} /> : <MyLinksPage />;
}
