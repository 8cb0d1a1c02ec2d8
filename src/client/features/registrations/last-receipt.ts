import type { RegistrationAnswer } from '../../../shared/registrations/registration.ts';
import type { WaitlistReceipt } from '../../../shared/waitlist/waitlist.ts';

const RECEIPT_KEY = 'celebration:last-registration';

/** Keeps the receipt (or the entry found) for this tab, so /Thankyou survives a reload. */
export function rememberReceipt(receipt: RegistrationAnswer | WaitlistReceipt) {
  try {
    sessionStorage.setItem(RECEIPT_KEY, JSON.stringify(receipt));
  } catch {
    // Private browsing may refuse storage; the receipt still travels in the navigation state.
  }
}

export function recallReceipt(): RegistrationAnswer | WaitlistReceipt | undefined {
  try {
    const saved = sessionStorage.getItem(RECEIPT_KEY);
    return saved ? (JSON.parse(saved) as RegistrationAnswer | WaitlistReceipt) : undefined;
  } catch {
    return undefined;
  }
}
