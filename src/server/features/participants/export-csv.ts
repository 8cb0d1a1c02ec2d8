import { Readable } from 'node:stream';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import {
  type Currency,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../../shared/participants/participants.ts';
import { paymentStatusText } from '../../../shared/payments/balance.ts';
import { formatPhoneAsDialled } from '../../../shared/phone.ts';
import { isMinor } from '../../../shared/registrations/guardian.ts';
import { csvText } from '../../http/csv.ts';
import { exportedByCsvLine } from '../../http/exported-by.ts';
import type { ExportRow } from './repository.ts';

// The list's columns with the next of kin where the earlier version had it, how each entry was paid, and
// (last, so that spreadsheets made from earlier exports keep their columns) a minor's marker and guardian.
const HEADER = [
  'Name',
  'Surname',
  'Email',
  'Mobile',
  'Age',
  'Gender',
  'Race Type',
  'Next of Kin',
  'Discipline',
  'T-shirt',
  'Payment',
  'Reference',
  'Bib',
  'Registered',
  'Payment method',
  'Amount',
  'Currency',
  'Payer reference',
  'Paid on',
  'Minor',
  'Parent or guardian',
  'Guardian mobile',
];

const harare = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Harare',
  dateStyle: 'short',
  timeStyle: 'short',
});
export const formatRegistered = (date: Date) => harare.format(date);

/** "Part paid, US$5.00 due", "Paid": the status with what a part payment left. */
export const paymentText = (row: ExportRow) =>
  paymentStatusText({
    paymentStatus: row.paymentStatus,
    payment: { amount: row.paymentAmount, currency: row.paymentCurrency as Currency | null },
    fees: { USD: row.feeUsd, ZWG: row.feeZwg },
  });

export function csvRecord(row: ExportRow): string[] {
  return [
    row.firstName,
    row.lastName,
    row.email ?? '',
    formatPhoneAsDialled(row.mobile),
    String(row.age),
    row.gender ?? '',
    row.raceType,
    formatPhoneAsDialled(row.nextOfKinMobile),
    DISCIPLINE_LABELS[row.discipline],
    row.tshirtSize,
    paymentText(row),
    row.reference,
    row.bib === null ? '' : String(row.bib),
    formatRegistered(row.createdAt),
    row.paymentMethod ? PAYMENT_METHOD_LABELS[row.paymentMethod as PaymentMethod] : '',
    row.paymentAmount ?? '',
    row.paymentCurrency ?? '',
    row.payerReference ?? '',
    row.paidOn ?? '',
    isMinor(row.age) ? 'yes' : 'no',
    row.guardianName ?? '',
    row.guardianMobile ? formatPhoneAsDialled(row.guardianMobile) : '',
  ];
}

/**
 * UTF-8 with a byte-order mark, so Excel shows names with accents right; who exported it on the first line
 * (`stamp`, see exportedBy), then the header; written batch by batch.
 */
export function participantsCsv(batches: AsyncIterable<ExportRow[]>, stamp: string) {
  // A batch at a time as one string: streaming record by record costs more than the CSV itself.
  async function* chunks() {
    yield exportedByCsvLine(stamp);
    yield csvText([HEADER]);
    for await (const rows of batches) yield csvText(rows.map(csvRecord));
  }
  return Readable.from(chunks(), { objectMode: false });
}
