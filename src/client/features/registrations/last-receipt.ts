import type { RegistrationReceipt } from '../../../shared/registrations/registration.ts';

const RECEIPT_KEY = 'celebration:last-registration';

/** Keeps the receipt for this tab, so /Thankyou survives a reload. */
export function rememberReceipt(receipt: RegistrationReceipt) {
  try {
    sessionStorage.setItem(RECEIPT_KEY, JSON.stringify(receipt));
  } catch {
    // Private browsing may refuse storage; the receipt still travels in the navigation state.
  }
}

export function recallReceipt(): RegistrationReceipt | undefined {
  try {
    const saved = sessionStorage.getItem(RECEIPT_KEY);
    return saved ? (JSON.parse(saved) as RegistrationReceipt) : undefined;
  } catch {
    return undefined;
  }
}
