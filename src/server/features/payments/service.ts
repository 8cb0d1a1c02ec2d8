/**
 * What other features may use of payments: the ledger records every payment; Paynow's notices are purged by
 * retention; the dashboard counts refunds and credits, and erasure forgets a person's credits; a pay link (issue 36) shows and starts a Paynow payment of an entry or its group.
 */
export {
  auditStatementPayments,
  markPaid,
  markPaidIn,
  recordStatementPayment,
  type StatementPayment,
} from './ledger.ts';
export {
  attemptCodeQr,
  attemptOf,
  dueWithGift,
  entryToPay,
  groupToPay,
  latestPayLinkAttempt,
  offeredSettings,
  purgeOldPaynowMessages,
  startPaymentOf,
} from './paynow/service.ts';
export { forgetCredits, forgetExpiredCredits, refundTotals } from './refunds/service.ts';
