import { harareToday } from '../dates.ts';
import type { PaymentOptions } from '../events/payment-options.ts';
import { freshRate, RATE_FRESH_DAYS } from '../events/zwg-rate.ts';

/** The contact and mobile-money number a fresh install starts with: a number nobody answers. */
export const EXAMPLE_PHONE = '+263770000000';

/** What an edition needs before the public may register: checked on the dashboard and again on Publish. */
export interface EditionFacts {
  eventDate: string | null;
  venue: string;
  registrationClosesAt: string | null;
  races: { feeUsd: string | null; feeZwg: string | null }[];
  payment: PaymentOptions;
  contactPhone: string;
  termsText: string;
  /** ZWG fees following the official rate need a rate dated within RATE_FRESH_DAYS (issue 42 §1). */
  zwgFollowsRate?: boolean;
  zwgRateDate?: string | null;
}

export interface ReadinessItem {
  /** The section of /EventSettings that sets it. */
  section: 'texts' | 'day' | 'races' | 'zwg-rate' | 'closing' | 'payment' | 'terms';
  label: string;
  done: boolean;
}

// The fresh install's details say "example" (Example Bank, 0000-USD-EXAMPLE…) or give its number until replaced.
const looksLikeExample = (text: string) => /example/i.test(text) || text.includes(EXAMPLE_PHONE.slice(4));

function paymentIsReal(payment: PaymentOptions) {
  const { mobileMoney, usd, zwg } = payment;
  const details = [
    payment.bankName,
    payment.branch,
    usd.accountName,
    usd.accountNumber,
    zwg.accountName,
    zwg.accountNumber,
    mobileMoney.number,
    mobileMoney.holderName,
    mobileMoney.codePattern,
    payment.cashPhone,
  ];
  return !details.some(looksLikeExample);
}

/** Each thing the edition needs, in the order the dashboard lists them. */
export function editionReadiness(facts: EditionFacts, today = harareToday()): ReadinessItem[] {
  const rateDate = facts.zwgRateDate ?? null;
  return [
    { section: 'day', label: 'The date of the event', done: facts.eventDate !== null },
    { section: 'day', label: 'The venue', done: facts.venue.trim() !== '' },
    {
      section: 'races',
      label: 'A fee for every race',
      done:
        facts.races.length > 0 && facts.races.every((race) => race.feeUsd !== null || race.feeZwg !== null),
    },
    ...(facts.zwgFollowsRate
      ? [
          {
            section: 'zwg-rate' as const,
            label: `The official ZWG rate, dated within ${RATE_FRESH_DAYS} days`,
            done: rateDate !== null && freshRate(rateDate, today),
          },
        ]
      : []),
    { section: 'closing', label: 'The closing time', done: facts.registrationClosesAt !== null },
    {
      section: 'payment',
      label: 'Ways to pay with real account details',
      done: paymentIsReal(facts.payment),
    },
    { section: 'terms', label: 'The terms', done: facts.termsText.trim() !== '' },
    {
      // The privacy notice gives it as the number to ask about personal data, and the draft page as the church's.
      section: 'texts',
      label: 'A real contact phone (the privacy notice gives it)',
      done: !looksLikeExample(facts.contactPhone),
    },
  ];
}

export const missingForPublishing = (facts: EditionFacts, today?: string) =>
  editionReadiness(facts, today).filter((item) => !item.done);
