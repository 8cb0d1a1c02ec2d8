const RETURN_KEY = 'celebration:payment-return';

/**
 * Paynow sends the payer back to /PaymentReturn, an address without the private link in it (Paynow is told
 * no token). The page they left from (/Thankyou or /My/<token>) is kept in this tab for the way back.
 */
export function rememberPaymentReturn() {
  try {
    sessionStorage.setItem(RETURN_KEY, window.location.pathname);
  } catch {
    // Storage refused (private browsing): /PaymentReturn then says where to find the entry.
  }
}

export function recallPaymentReturn(): string | null {
  try {
    return sessionStorage.getItem(RETURN_KEY);
  } catch {
    return null;
  }
}
