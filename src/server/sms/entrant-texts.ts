import { formatHarareDateTime, formatShortDate } from '../../shared/dates.ts';
import { type QuotedRate, quotedFees } from '../../shared/events/zwg-rate.ts';
import { priceText } from '../../shared/money.ts';
import { ordinal } from '../../shared/results/published.ts';

/**
 * Every text an entrant gets, each a fixed template in one segment (oneSegment: the event's title gives way
 * first, the link never). How to pay is on the linked page; no name enters a text. `<link>` is a short link
 * (/m/<code>) added by the caller.
 */
export const ENTRANT_TEXTS = {
  confirmation: (
    entry: {
      reference: string;
      race: string;
      feeUsd: string | null;
      feeZwg: string | null;
      /** A gift asked with the entry (issue 43), paid with the fee under the same reference. */
      gift?: { amount: string; currency: 'USD' | 'ZWG' } | null;
    } & QuotedRate,
  ) => {
    const fee = quotedFees(entry);
    const gift = entry.gift ? `, gift ${priceText(entry.gift.currency, entry.gift.amount)}` : '';
    return `registered. Ref ${entry.reference}, ${entry.race}, ${fee ? `due ${fee}` : 'nothing to pay'}${gift}. Pay & QR:`;
  },
  /** A group form's one text, to its contact: the group reference pays for everyone; the link opens his entry. */
  groupConfirmation: (
    group: {
      reference: string;
      people: number;
      dueUsd: string | null;
      dueZwg: string | null;
      gift?: { amount: string; currency: 'USD' | 'ZWG' } | null;
    } & QuotedRate,
  ) => {
    const due = quotedFees({ ...group, feeUsd: group.dueUsd, feeZwg: group.dueZwg });
    const gift = group.gift ? `, gift ${priceText(group.gift.currency, group.gift.amount)}` : '';
    return `${group.people} registered. Group ref ${group.reference}, ${due ? `due ${due}` : 'nothing to pay'}${gift}. Your page & QR:`;
  },
  receipt: (paid: {
    reference: string;
    number: number;
    amount: string | null;
    currency: 'USD' | 'ZWG' | null;
    stillDue: string | null;
  }) => {
    const amount = (paid.currency && priceText(paid.currency, paid.amount)) ?? 'payment';
    const due =
      paid.stillDue && paid.currency
        ? `${priceText(paid.currency, paid.stillDue)} still due`
        : 'Paid in full';
    return `received ${amount} for ${paid.reference}, receipt ${paid.number}. ${due}. Receipt & QR:`;
  },
  reminder: (entry: { reference: string; due: string | null; closesOn: string | null }) =>
    `${entry.reference} is not paid${entry.due ? `: ${entry.due} due` : ''}${
      entry.closesOn ? ` by ${formatShortDate(entry.closesOn)}` : ''
    }. Pay, or stop these texts:`,
  waitlistJoined: (place: { reference: string; race: string; position: number }) =>
    `you are no. ${place.position} on the waitlist for ${place.race}, ref ${place.reference}. We text you if a place frees.`,
  offer: (offer: { race: string; expiresAt: Date }) =>
    `a place in ${offer.race} is yours until ${formatHarareDateTime(offer.expiresAt)}. Accept or decline:`,
  offerLapsed: (offer: { race: string; reference: string }) =>
    `the place in ${offer.race} offered to you (ref ${offer.reference}) has passed to the next person waiting.`,
  /** On publishing the results, to each finisher once. */
  result: (result: { race: string; time: string; place: number; finishers: number }) =>
    `your ${result.race} time: ${result.time}, ${ordinal(result.place)} of ${result.finishers}.`,
  changed: (entry: { reference: string }) => `your entry ${entry.reference} was changed. See it:`,
  cancelled: (entry: { reference: string; contactPhone: string }) =>
    `your entry ${entry.reference} was cancelled. Questions: call ${entry.contactPhone}.`,
  emailChanging: (entry: { reference: string; contactPhone: string }) =>
    `a new email address was given for entry ${entry.reference}. Not you? Call ${entry.contactPhone}.`,
  /** To the new number only: the entrant typed it, so it gets no name. */
  mobileCode: (change: { reference: string; code: string; minutes: number }) =>
    `your code to change the mobile of entry ${change.reference} is ${change.code}. It works for ${change.minutes} minutes.`,
  mobileChanged: (entry: { reference: string; contactPhone: string }) =>
    `your mobile for entry ${entry.reference} was changed. Not you? Call ${entry.contactPhone}.`,
  transferOffer: (offer: { race: string; expiresAt: Date }) =>
    `someone gives you a place in ${offer.race}. Take it with your details by ${formatHarareDateTime(offer.expiresAt)}:`,
  transferSent: (entry: { reference: string; contactPhone: string }) =>
    `a link giving entry ${entry.reference} to someone was sent. Not you? Withdraw it on your page, call ${entry.contactPhone}.`,
  transferredAway: (entry: { reference: string; contactPhone: string }) =>
    `entry ${entry.reference} was given to someone else: your link no longer opens it. Not you? Call ${entry.contactPhone}.`,
  transferTaken: (entry: { reference: string; race: string }) =>
    `the place ${entry.reference}, ${entry.race}, is yours. Pay & QR:`,
} as const;
