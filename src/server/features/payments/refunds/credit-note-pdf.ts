import { formatHarareDateTime, formatShortDate } from '../../../../shared/dates.ts';
import { DISCIPLINE_LABELS, type Discipline } from '../../../../shared/events/event-display.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { paymentMethodLabel } from '../../../../shared/participants/participants.ts';
import { onePagePdf } from '../../../one-page-pdf.ts';

export interface CreditNoteFacts {
  kind: 'refund' | 'credit';
  number: number;
  amount: string;
  currency: 'USD' | 'ZWG';
  method: string | null;
  refundedOn: string;
  reference: string | null;
  expiresOn: string | null;
  issuedAt: Date;
  entryReference: string;
  firstName: string;
  lastName: string;
  discipline: Discipline;
  raceType: string;
  eventTitle: string;
  eventYear: number;
  contactPhone: string;
}

/** One A4 page: what was given back (or kept as credit), to whom, how and when, under the note's number. */
export function creditNotePdf(note: CreditNoteFacts) {
  const lines: [string, string][] = [
    ['Credit note number', String(note.number)],
    [note.kind === 'refund' ? 'Refunded to' : 'Credited to', `${note.firstName} ${note.lastName}`],
    ['Entry reference', note.entryReference],
    ['Entry', `${DISCIPLINE_LABELS[note.discipline]}, ${note.raceType}`],
    ['Amount', formatMoney(note.currency, note.amount) ?? note.amount],
    ...(note.kind === 'refund'
      ? ([['Paid back by', note.method ? paymentMethodLabel(note.method) : 'not recorded']] as [
          string,
          string,
        ][])
      : []),
    [note.kind === 'refund' ? 'Date refunded' : 'Date credited', formatShortDate(note.refundedOn)],
    ...(note.reference ? ([['Reference', note.reference]] as [string, string][]) : []),
    ...(note.expiresOn ? ([['Usable until', formatShortDate(note.expiresOn)]] as [string, string][]) : []),
    ['Issued', formatHarareDateTime(note.issuedAt)],
  ];
  const closing =
    note.kind === 'refund'
      ? 'This note records money the organisers gave back for this entry.'
      : 'This credit pays your next entry when you register again before the date above: your entry’s page offers it.';
  return onePagePdf({
    title: `${note.eventTitle} ${note.eventYear} — Credit note ${note.number}`,
    heading: `${note.eventTitle} ${note.eventYear}`,
    subheading: note.kind === 'refund' ? 'Credit note — refund' : 'Credit note — credit for a next entry',
    lines,
    closing: `${closing} Questions? Call ${note.contactPhone}.`,
    labelWidth: 170,
  });
}
