import { formatShortDate, harareToday } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { formatFees, priceText } from '../../../shared/money.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import { PAYMENT_STATUS_LABELS, type TeamEntry } from '../../../shared/registrations/team.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../http/problem.ts';
import { contactPhoneOf, howToPayLines, teamWithPayments } from '../registrations/service.ts';
import { entries, type PdfColumn, type PdfLine, tablePdf } from './pdf-table.ts';

export const NOTHING_TO_INVOICE = 'Your team has no entries yet: register your staff first.';

type Paid = { amount: string; currency: 'USD' | 'ZWG' } | null;
type Row = TeamEntry & { number: number; paid: Paid };

const COLUMNS: PdfColumn<Row>[] = [
  { label: '#', width: 24, value: (row) => String(row.number) },
  { label: 'Name', width: 150, value: (row) => `${row.firstName} ${row.lastName}` },
  { label: 'Reference', width: 78, value: (row) => row.reference },
  { label: 'Race', width: 78, value: (row) => `${DISCIPLINE_LABELS[row.discipline]}, ${row.raceType}` },
  { label: 'Fee', width: 120, value: (row) => formatFees(row.feeUsd, row.feeZwg) ?? 'to be confirmed' },
  {
    label: 'Payment',
    width: 85,
    value: (row) =>
      row.paid && row.paymentStatus === 'part_paid'
        ? `${priceText(row.paid.currency, row.paid.amount)} paid`
        : PAYMENT_STATUS_LABELS[row.paymentStatus],
  },
];

/** The sum of the amounts in cents, as a decimal string; null when no entry has one (no fee in the currency). */
const sum = (amounts: (string | null)[]) => {
  const known = amounts.filter((amount): amount is string => amount !== null);
  return known.length === 0 ? null : fromCents(known.reduce((total, amount) => total + toCents(amount), 0));
};

/** "US$45.00 or ZWG 1,200.00"; "nothing" when neither currency has an amount above zero. */
const eitherCurrency = (usd: string | null, zwg: string | null) =>
  formatFees(usd && toCents(usd) > 0 ? usd : null, zwg && toCents(zwg) > 0 ? zwg : null) ?? 'nothing';

/**
 * The team's invoice for its accounts department: each entry with its fee and payment, the fees' total, what is
 * paid and what is due, and how to pay quoting the team's reference. Fees are in US$ or ZWG (either, not both).
 */
export async function teamInvoicePdf(context: AppContext, company: { id: string; name: string }) {
  const { event, team, paid } = await teamWithPayments(context, company.id);
  if (!team.reference || team.entries.length === 0) throw conflict(NOTHING_TO_INVOICE, 'NOTHING_TO_INVOICE');
  const reference = team.reference;
  const rows: Row[] = team.entries.map((entry, index) => ({
    ...entry,
    number: index + 1,
    paid: paid.get(entry.id) ?? null,
  }));
  // A waived entry owes nothing and counts in no total.
  const charged = rows.filter((row) => row.paymentStatus !== 'waived');
  const paidIn = (currency: 'USD' | 'ZWG') =>
    sum(rows.map((row) => (row.paid?.currency === currency ? row.paid.amount : null)));
  const paidUsd = paidIn('USD');
  const paidZwg = paidIn('ZWG');
  const payReference = `Use the team reference ${reference} as the payment reference.`;
  const dueFees = {
    usd: toCents(team.due.usd) > 0 ? team.due.usd : null,
    zwg: toCents(team.due.zwg) > 0 ? team.due.zwg : null,
  };
  const closing: PdfLine[][] = [
    [
      {
        text: `Total fees: ${eitherCurrency(sum(charged.map((row) => row.feeUsd)), sum(charged.map((row) => row.feeZwg)))}`,
        bold: true,
        size: 11,
        gap: 14,
      },
      {
        text: `Already paid: ${[priceText('USD', paidUsd), priceText('ZWG', paidZwg)].filter(Boolean).join(' and ') || 'nothing yet'}`,
        gap: 4,
      },
      { text: `Due now: ${eitherCurrency(team.due.usd, team.due.zwg)}`, bold: true, size: 12, gap: 4 },
      { text: payReference, bold: true, gap: 10 },
    ],
    [
      { text: 'How to pay', bold: true, size: 12, gap: 16 },
      ...howToPayLines(event, dueFees).map((text) => ({ text, gap: 4 })),
    ],
    [{ text: `Questions? Call ${contactPhoneOf(event)}.`, gap: 12 }],
  ];
  const title = `${event.title} ${event.year} — Invoice`;
  const pdf = tablePdf<Row>(
    {
      layout: 'portrait',
      title,
      subtitle: `To: ${company.name} · Team reference ${reference} · ${entries(rows.length)}`,
      exportedBy: `Date: ${formatShortDate(harareToday())}. Fees in US$ or ZWG: pay the total in one currency.`,
      columns: COLUMNS,
      fontSize: 9,
      rowHeight: 16,
      empty: NOTHING_TO_INVOICE,
      footer: `${title} · ${company.name} · ${reference}`,
      closing,
    },
    [
      {
        batches: (async function* () {
          yield rows;
        })(),
      },
    ],
  );
  return { pdf, fileName: `Invoice_${reference}.pdf` };
}
