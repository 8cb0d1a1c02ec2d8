import { calendarPath, DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import { formatEventDay } from '../../../shared/events/event-facts.ts';
import {
  defaultMatchingNote,
  mobileMoneyCodes,
  mobileMoneyCodeText,
  type PaymentMethodKey,
  paymentOrder,
} from '../../../shared/events/payments.ts';
import { type QuotedRate, quotedFees } from '../../../shared/events/zwg-rate.ts';
import { feeToBeConfirmed, priceText } from '../../../shared/money.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import {
  ONLINE_PAYMENT_METHOD_LABELS,
  type OnlinePaymentMethod,
} from '../../../shared/payments/online-payment-settings.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { Links } from '../../links.ts';
import type { OutgoingMail } from '../../mail/repository.ts';
import type { EventRow } from '../events/service.ts';

/** The outbox's name for these mails. */
export const CONFIRMATION_KIND = 'registration-confirmation';

/**
 * A duplicate attempt (or the entrant's own page) sends an entry's confirmation again at most once in this
 * many minutes; every address's share of such mail is bounded by PUBLIC_ACTION_MAIL_LIMIT besides.
 */
export const CONFIRMATION_RESEND_AFTER_MINUTES = 10;

interface Receipt {
  reference: string;
  discipline: Discipline;
  raceType: string;
  /** The race's start, "06:30" (Harare); null while it is not set. */
  startTime: string | null;
  feeUsd: string | null;
  feeZwg: string | null;
  email: string;
  /** The official rate its ZWG fee was quoted at, and its date; null: a fixed fee. */
  zwgRate?: string | null;
  zwgRateDate?: string | null;
  firstName: string;
  /** The entrant's private "My registration" page. */
  myLink: string;
  /** What the entrant's QR code says: volunteers scan it on race morning. */
  checkInCode: string;
  /** "Add a gift to <cause>", asked with the entry (issue 43): paid with the fee under the same reference. */
  gift?: GiftWithEntry | null;
}

export interface GiftWithEntry {
  amount: string;
  currency: 'USD' | 'ZWG';
  cause: string;
}

/**
 * The gift asked on the form, while the cause takes gifts: the entry's confirmation then says it and its total.
 * Decided from the event the entry is written against (its revision is checked by the insert), so the mail and
 * the gift made right after agree.
 */
export function giftWithEntry(
  event: Pick<EventRow, 'giftsOpen' | 'publishedAt' | 'causeTitle'>,
  asked: { giftAmount?: string; giftCurrency?: 'USD' | 'ZWG' },
): GiftWithEntry | null {
  if (!asked.giftAmount || !event.giftsOpen || event.publishedAt === null) return null;
  return {
    amount: asked.giftAmount,
    currency: asked.giftCurrency ?? 'USD',
    cause: event.causeTitle || 'the cause',
  };
}

/** The fees with the gift added to its currency's (when the race has a fee in it): what the entrant pays. */
export function feesWithGift<Fee extends { feeUsd: string | null; feeZwg: string | null }>(
  fee: Fee,
  gift: GiftWithEntry | null | undefined,
): Fee {
  const key = gift?.currency === 'ZWG' ? 'feeZwg' : 'feeUsd';
  const feeInIt = fee[key];
  if (!gift || feeInIt === null) return fee;
  return { ...fee, [key]: fromCents(toCents(feeInIt) + toCents(gift.amount)) };
}

/**
 * "Total due" with a gift: the total in the gift's currency, then what it is made of ("Entry …" or, for a
 * group, "Fees …"); without a fee in that currency, the fees as usual and the gift beside them.
 */
export function totalWithGiftLines(
  fee: { feeUsd: string | null; feeZwg: string | null } & QuotedRate,
  gift: GiftWithEntry,
  contactPhone: string,
  feeIs: 'Entry' | 'Fees' = 'Entry',
): string[] {
  const feeInIt = gift.currency === 'USD' ? fee.feeUsd : fee.feeZwg;
  const yourGift = `your gift to ${gift.cause} ${priceText(gift.currency, gift.amount)}`;
  const under = feeIs === 'Entry' ? 'this reference' : 'the group reference';
  if (feeInIt === null) {
    const fees = quotedFees(fee);
    return [
      fees ? `Total due: ${fees}` : feeToBeConfirmed(contactPhone),
      `And ${yourGift}, paid under ${under}. Thank you for giving.`,
    ];
  }
  const total = feesWithGift(fee, gift);
  return [
    `Total due: ${priceText(gift.currency, gift.currency === 'USD' ? total.feeUsd : total.feeZwg)}`,
    `${feeIs} ${priceText(gift.currency, feeInIt)} and ${yourGift}, paid together under ${under}. Thank you for giving.`,
  ];
}

// The event's own numbers, formatted once per event read rather than for every registration.
const eventPhones = new WeakMap<EventRow, { cash: string; mobileMoney: string; contact: string }>();
function phonesOf(event: EventRow) {
  let phones = eventPhones.get(event);
  if (!phones) {
    phones = {
      cash: formatPhone(event.payment.cashPhone),
      mobileMoney: formatPhone(event.payment.mobileMoney.number),
      contact: formatPhone(event.contactPhone),
    };
    eventPhones.set(event, phones);
  }
  return phones;
}

const onlineMethodsText = (methods: OnlinePaymentMethod[]) =>
  methods
    .map((method) => (method === 'web' ? 'card or other wallet' : ONLINE_PAYMENT_METHOD_LABELS[method]))
    .join(', ');

/** Whether the entry can be paid online: Paynow is on and the race has a fee in the account's currency. */
function onlineFee(event: EventRow, fee: { feeUsd: string | null; feeZwg: string | null }) {
  const online = event.onlinePayment;
  if (!online?.enabled || online.methods.length === 0) return false;
  return (online.currency === 'USD' ? fee.feeUsd : fee.feeZwg) !== null;
}

/** "Pay online now … on your private page:" and the link, when the entry can be paid online; else nothing. */
export function payOnlineLines(
  event: EventRow,
  entry: { feeUsd: string | null; feeZwg: string | null; myLink: string },
): string[] {
  if (!onlineFee(event, entry)) return [];
  return [
    `Pay online now (${onlineMethodsText(event.onlinePayment?.methods ?? [])}) on your private page:`,
    entry.myLink,
    '',
  ];
}

/**
 * How to pay, one numbered line per option in the event's order, with the mobile-money codes for this fee:
 * the confirmation and the payment reminder say it alike.
 */
export function howToPayLines(event: EventRow, fee: { usd: string | null; zwg: string | null }): string[] {
  const p = event.payment;
  const phones = phonesOf(event);
  const howToPay: Record<PaymentMethodKey, string> = {
    usd: `USD bank transfer: ${p.usd.accountName}, account ${p.usd.accountNumber}, ${p.bankName}, ${p.branch} branch.`,
    zwg: `ZWG bank transfer: ${p.zwg.accountName}, account ${p.zwg.accountNumber}, ${p.bankName}.`,
    cash: `Cash: call ${phones.cash}.`,
    mobileMoney: [
      `${p.mobileMoney.provider} (${p.mobileMoney.holderName}, ${phones.mobileMoney}): dial`,
      mobileMoneyCodes(p.mobileMoney, fee)
        .map(
          ({ currency, pattern, fee }) =>
            `${mobileMoneyCodeText(pattern, fee)} (${priceText(currency, fee) ?? currency})`,
        )
        .join(' or '),
      `${p.mobileMoney.matchingNote || defaultMatchingNote(phones.contact)}`,
    ].join(' '),
  };
  return paymentOrder(p).map((key, index) => `${index + 1}. ${howToPay[key]}`);
}

/** The event's contact number as mails write it. */
export const contactPhoneOf = (event: EventRow) => phonesOf(event).contact;

/** When and where, as the thank-you page and the private page say it, and the calendar file's link. */
export function raceDayLines(
  event: Pick<EventRow, 'eventDate' | 'venue'>,
  entry: { discipline: Discipline; raceType: string; startTime: string | null },
  links: Links,
): string[] {
  return [
    `Date: ${event.eventDate ? formatEventDay(event.eventDate) : 'to be announced'}`,
    ...(event.venue ? [`Venue: ${event.venue}`] : []),
    `Start: ${entry.startTime ? `${entry.startTime} (Harare time)` : 'to be announced'}`,
    ...(event.eventDate ? [`Add it to your calendar: ${links.site}${calendarPath(entry)}`] : []),
  ];
}

const dueWithGift = (receipt: Receipt) => {
  const due = feesWithGift(receipt, receipt.gift);
  return { usd: due.feeUsd, zwg: due.feeZwg };
};

/** The same facts as the thank-you page: reference, race, fee and how to pay quoting the reference. */
export function confirmationMail(
  event: EventRow,
  receipt: Receipt,
  links: Links,
): OutgoingMail & { kind: string } {
  const phones = phonesOf(event);
  const fees = quotedFees(receipt);
  const text = [
    `${greeting(receipt.firstName, 'Dear')},`,
    '',
    `Thank you for registering for the ${event.title} ${event.year}.`,
    '',
    ...(receipt.gift
      ? totalWithGiftLines(receipt, receipt.gift, phones.contact)
      : [fees ? `Total due: ${fees}` : feeToBeConfirmed(phones.contact)]),
    `Your reference: ${receipt.reference}`,
    `Entry: ${DISCIPLINE_LABELS[receipt.discipline]}, ${receipt.raceType}`,
    ...raceDayLines(event, receipt, links),
    '',
    ...payOnlineLines(event, receipt),
    `How to pay (always quote your reference ${receipt.reference}):`,
    ...howToPayLines(event, dueWithGift(receipt)),
    '',
    'On race morning, show the QR code attached to this mail (it is on your private page too) at the registration table.',
    '',
    'See or change your entry (race, T-shirt, contact details) or cancel it on your private page.',
    'Keep this link to yourself: anyone who has it can change your entry.',
    receipt.myLink,
    '',
    `Questions? Call ${phones.contact}.`,
    `${links.site}/Banking`,
  ].join('\n');
  return {
    to: receipt.email,
    kind: CONFIRMATION_KIND,
    subject: `${event.title}: your registration ${receipt.reference}`,
    text,
    attachments: [
      {
        cid: 'check-in-qr',
        filename: 'check-in-qr.png',
        text: receipt.checkInCode,
        alt: 'Your check-in QR code',
      },
    ],
  };
}
