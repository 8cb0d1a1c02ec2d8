/** What other features may use of payments: the ledger records every payment; Paynow's notices are purged by retention. */
export {
  markPaid,
  recordStatementPayments,
  type StatementPayment,
} from './ledger.ts';
export { purgeOldPaynowMessages } from './paynow/service.ts';
