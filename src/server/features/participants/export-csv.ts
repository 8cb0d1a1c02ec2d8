import { Readable } from 'node:stream';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import {
  PARTICIPANT_COLUMNS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
} from '../../../shared/participants/participants.ts';
import { formatPhoneAsDialled } from '../../../shared/phone.ts';
import { csvText } from '../../http/csv.ts';
import type { ExportRow } from './repository.ts';

const HEADER = [
  ...PARTICIPANT_COLUMNS.map(([, label]) => label),
  'Payment method',
  'Amount',
  'Currency',
  'Payer reference',
  'Paid on',
];

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
    formatPhoneAsDialled(row.mobile),
    String(row.age),
    row.gender ?? '',
    row.raceType,
    formatPhoneAsDialled(row.nextOfKinMobile),
    DISCIPLINE_LABELS[row.discipline],
    row.tshirtSize,
    PAYMENT_STATUS_LABELS[row.paymentStatus],
    row.reference,
    row.bib === null ? '' : String(row.bib),
    formatRegistered(row.createdAt),
    row.paymentMethod ? PAYMENT_METHOD_LABELS[row.paymentMethod as PaymentMethod] : '',
    row.paymentAmount ?? '',
    row.paymentCurrency ?? '',
    row.payerReference ?? '',
    row.paidOn ?? '',
  ];
}

/** UTF-8 with a byte-order mark, so Excel shows names with accents right; written batch by batch. */
export function participantsCsv(batches: AsyncIterable<ExportRow[]>) {
  // A batch at a time as one string: streaming record by record costs more than the CSV itself.
  async function* chunks() {
    yield csvText([HEADER], { bom: true });
    for await (const rows of batches) yield csvText(rows.map(csvRecord));
  }
  return Readable.from(chunks(), { objectMode: false });
}
