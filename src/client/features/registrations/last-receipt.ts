import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { GroupReceipt } from '../../../shared/registrations/group.ts';
import type { RegistrationAnswer, Told } from '../../../shared/registrations/registration.ts';
import type { WaitlistReceipt } from '../../../shared/waitlist/waitlist.ts';

// The receipt of the registration just made in this tab, for its Thank-you page: it carries the entry's private
// link. A phone is often shared (a family's, the registration table's), so the tab keeps it only while the
// Thank-you page is open: in memory, and in sessionStorage so a reload finds it; never in the history's state,
// where the Back button would bring it back to whoever holds the phone next.
const RECEIPT_KEY = 'celebration:last-registration';

type Receipt = (RegistrationAnswer | WaitlistReceipt | GroupReceipt) & Told;
let current: Receipt | undefined;

/** Keeps the receipt (or the entry found) for the Thank-you page the caller goes to next. */
export function rememberReceipt(receipt: Receipt) {
  current = receipt;
  try {
    sessionStorage.setItem(RECEIPT_KEY, JSON.stringify(receipt));
  } catch {
    // Private browsing may refuse storage: the page still has it until it is reloaded.
  }
}

function storedReceipt(): Receipt | undefined {
  try {
    const saved = sessionStorage.getItem(RECEIPT_KEY);
    return saved ? (JSON.parse(saved) as Receipt) : undefined;
  } catch {
    return undefined;
  }
}

export const recallReceipt = (): Receipt | undefined => current ?? storedReceipt();

function forgetReceipt() {
  current = undefined;
  try {
    sessionStorage.removeItem(RECEIPT_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Paying online from the Thank-you page leaves for Paynow and comes back through /PaymentReturn to it. */
const KEEPS_RECEIPT = /^\/(thankyou|paymentreturn)\/?$/i;

/** The tab forgets the receipt on any other page: whoever opens /Thankyou next finds no private link. */
export function useReceiptOnlyOnThankYou() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!KEEPS_RECEIPT.test(pathname)) forgetReceipt();
  }, [pathname]);
}

/**
 * Back to a Thank-you page the browser kept as it was shown (its back-forward cache), after another page of
 * the tab forgot the receipt: it is shown anew, without it.
 */
export function useNoReceiptFromBackForwardCache(showsReceipt: boolean) {
  useEffect(() => {
    if (!showsReceipt) return;
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted && !storedReceipt()) window.location.reload();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [showsReceipt]);
}
