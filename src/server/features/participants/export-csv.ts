import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import {
  PARTICIPANT_COLUMNS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
} from '../../../shared/participants/participants.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { ExportRow } from './repository.ts';

const HEADER = [
  ...PARTICIPANT_COLUMNS.map(([, label]) => label),
  'Payment method',
  'Amount',
  'Currency',
  'Payer reference',
  'Paid on',
];

/** Spreadsheets run a cell that starts with = + - @ as a formula; names come from the public, so defuse them. */
export function safeCell(value: string) {
  return /^(?:[=@\t\r]|[+-](?!\d[\d\s]*$))/.test(value) ? `'${value}` : value;
}

const harare = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Harare',
  dateStyle: 'short',
  timeStyle: 'short',
});
export const formatRegistered = (date: Date) => harare.format(date);

export function csvRecord(row: ExportRow): string[] {
  return [
    row.firstName,
    row.lastName,
    row.email,
    formatPhone(row.mobile),
    String(row.age),
    row.gender ?? '',
    row.raceType,
    formatPhone(row.nextOfKinMobile),
    DISCIPLINE_LABELS[row.discipline],
    row.tshirtSize,
    PAYMENT_STATUS_LABELS[row.paymentStatus],
    row.reference,
    formatRegistered(row.createdAt),
    row.paymentMethod ? PAYMENT_METHOD_LABELS[row.paymentMethod as PaymentMethod] : '',
    row.paymentAmount ?? '',
    row.paymentCurrency ?? '',
    row.payerReference ?? '',
    row.paidOn ?? '',
  ].map(safeCell);
}

/** UTF-8 with a byte-order mark, so Excel shows names with accents right; written batch by batch. */
export function participantsCsv(batches: AsyncIterable<ExportRow[]>) {
  // A batch at a time as one string: streaming record by record costs more than the CSV itself.
  async function* chunks() {
    yield stringify([HEADER], { bom: true, record_delimiter: '\r\n' });
    for await (const rows of batches) yield stringify(rows.map(csvRecord), { record_delimiter: '\r\n' });
  }
  return Readable.from(chunks(), { objectMode: false });
}
