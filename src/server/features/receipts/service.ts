import { receiptFileName } from '../../../shared/payments/receipts.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { notFound } from '../../http/problem.ts';
import { enqueueMail } from '../../mail/repository.ts';
import { receiptMail } from './receipt-mail.ts';
import {
  findReceipt,
  insertReceipts,
  paidEntries,
  receiptsOfEntry,
  takeReceiptNumbers,
} from './repository.ts';

/**
 * Issues a receipt to each of these entries that is paid, numbered on from the event's last one, and queues
 * its mail, in the caller's transaction: the payment, its receipt and its mail commit together or not at all.
 */
export async function issueReceipts(tx: Transaction, ids: string[]) {
  const entries = await paidEntries(tx, ids);
  const byEvent = new Map<string, typeof entries>();
  for (const entry of entries) byEvent.set(entry.eventId, [...(byEvent.get(entry.eventId) ?? []), entry]);
  for (const [eventId, ofEvent] of byEvent) {
    const first = await takeReceiptNumbers(tx, eventId, ofEvent.length);
    const issued = ofEvent.map((entry, index) => ({
      ...entry,
      number: first + index,
      method: entry.method ?? 'unknown',
      paidOn: entry.paidOn ?? '',
    }));
    await insertReceipts(
      tx,
      issued.map(({ id, number, amount, currency, method, paidOn }) => ({
        eventId,
        number,
        registrationId: id,
        amount,
        currency,
        method,
        paidOn,
      })),
    );
    for (const receipt of issued) {
      await enqueueMail(tx, receiptMail({ title: receipt.eventTitle, year: receipt.eventYear }, receipt));
    }
  }
}

/** An entry's receipts, the newest first. */
export async function entryReceipts(db: Database, registrationId: string) {
  const rows = await receiptsOfEntry(db, registrationId);
  return rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() }));
}

/** One receipt of an entry as a one-page PDF. */
export async function receiptPdfOf({ database }: AppContext, registrationId: string, number: number) {
  const receipt = await findReceipt(database.db, registrationId, number);
  if (!receipt) throw notFound('There is no such receipt.');
  // pdfkit and its fonts load with the first PDF, not with every server (issue 15).
  const { receiptPdf } = await import('./receipt-pdf.ts');
  return {
    fileName: receiptFileName(receipt.reference, receipt.number),
    pdf: receiptPdf({ ...receipt, contactPhone: formatPhone(receipt.contactPhone) }),
  };
}
