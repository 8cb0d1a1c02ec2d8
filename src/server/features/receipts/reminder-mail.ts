import { formatHarareDateTime } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import { feeToBeConfirmed, formatFees } from '../../../shared/money.ts';
import { amountDue } from '../../../shared/payments/balance.ts';
import type { PaymentStatus } from '../../../shared/registrations/team.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { OutgoingMail } from '../../mail/repository.ts';
import type { EventRow } from '../events/service.ts';
import { contactPhoneOf, howToPayLines, payOnlineLines } from '../registrations/service.ts';

export interface ReminderFacts {
  reference: string;
  firstName: string;
  email: string;
  discipline: Discipline;
  raceType: string;
  feeUsd: string | null;
  feeZwg: string | null;
  /** Part paid: the balance is what is due. */
  paymentStatus: PaymentStatus;
  paymentAmount: string | null;
  paymentCurrency: 'USD' | 'ZWG' | null;
  /** A new private link to the entry, made for this mail (only digests are kept, so the first cannot be repeated). */
  myLink: string;
}

/** What the entry still owes in each currency: a part payment leaves its balance due, in its own currency. */
export function amountsDue(entry: Omit<ReminderFacts, 'myLink' | 'email'>) {
  const owing = {
    paymentStatus: entry.paymentStatus,
    payment: { amount: entry.paymentAmount, currency: entry.paymentCurrency },
    fees: { USD: entry.feeUsd, ZWG: entry.feeZwg },
  };
  return { usd: amountDue(owing, 'USD'), zwg: amountDue(owing, 'ZWG') };
}

/** The outbox's name for these mails. */
export const REMINDER_KIND = 'payment-reminder';

/** A reminder that the entry is not paid: its reference, what is due and how to pay, as the confirmation said. */
export function reminderMail(event: EventRow, entry: ReminderFacts): OutgoingMail {
  const due = amountsDue(entry);
  const fees = formatFees(due.usd, due.zwg);
  const partPaid = entry.paymentStatus === 'part_paid';
  const contact = contactPhoneOf(event);
  const text = [
    `${greeting(entry.firstName, 'Dear')},`,
    '',
    `Your entry for the ${event.title} ${event.year} (${DISCIPLINE_LABELS[entry.discipline]}, ${entry.raceType}) is ${partPaid ? 'part paid: the rest of its fee is still due' : 'not paid yet'}.`,
    ...(event.registrationClosesAt
      ? [`Registration closes on ${formatHarareDateTime(event.registrationClosesAt)} (Harare time).`]
      : []),
    '',
    fees ? `${partPaid ? 'Still due' : 'Total due'}: ${fees}` : feeToBeConfirmed(contact),
    `Your reference: ${entry.reference}`,
    '',
    ...payOnlineLines(event, entry),
    `How to pay (always quote your reference ${entry.reference}):`,
    ...howToPayLines(event, due),
    '',
    'Paid already? Thank you: a payment can take a few days to reach us. You will get a receipt by mail once it is recorded.',
    '',
    'Cannot come after all? Cancel your entry on your private page, so your place goes to someone else.',
    'Keep this link to yourself: anyone who has it can change your entry.',
    entry.myLink,
    '',
    `Questions? Call ${contact}.`,
  ].join('\n');
  return {
    to: entry.email,
    kind: REMINDER_KIND,
    subject: `${event.title}: your entry ${entry.reference} is not ${partPaid ? 'fully ' : ''}paid yet`,
    text,
  };
}
