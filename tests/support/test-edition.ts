import type { FirstEdition } from '../../src/server/db/seed/events.ts';
import type { EventSettings, EventSettingsInput } from '../../src/shared/event-settings/event-settings.ts';
import { raceAsSent } from './races.ts';

/**
 * The edition the tests start from: the product's first, 2025 (references CFR25-…), published, so the public
 * pages take registrations. A fresh install's own (this year's, a draft) has tests of its own.
 */
export const TEST_EDITION: FirstEdition = { year: 2025, published: true };

/**
 * What a draft made from the example edition still lacks (its date, venue, closing time, real account details, a
 * real phone, a fee for every race, a recent ZWG rate), as PUT /api/admin/event, /api/admin/event/races and
 * /api/admin/event/zwg-rate take them.
 */
export function publishableSettings(current: EventSettings) {
  const settings: EventSettingsInput = {
    title: current.title,
    subtitle: current.subtitle,
    greeting: current.greeting,
    backgroundAlt: current.backgroundAlt,
    tshirtChangesUntil: current.tshirtChangesUntil,
    waitlistOfferHours: current.waitlistOfferHours,
    reminderDaysAfter: current.reminderDaysAfter,
    reminderDaysBeforeClose: current.reminderDaysBeforeClose,
    tshirtSizes: current.tshirtSizes,
    termsText: current.termsText,
    contactPhone: '0772 100 200',
    eventDate: '2099-09-05',
    venue: 'Harare Gardens',
    registrationClosesAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    payment: {
      ...current.payment,
      bankName: 'CBZ Bank',
      branch: 'Kwame Nkrumah Avenue',
      usd: { accountName: 'Celebration Church', accountNumber: '01234567890' },
      zwg: { accountName: 'Celebration Church', accountNumber: '01234567891' },
      mobileMoney: {
        ...current.payment.mobileMoney,
        number: '0772 100 300',
        holderName: 'Celebration Church',
        codePattern: '*153*1*1*0772100300*{amount}#',
      },
      cashPhone: '0772 100 200',
    },
  };
  const races = current.races.map((race) => raceAsSent(race, { feeUsd: race.feeUsd ?? '10.00' }));
  // A new edition's ZWG fees follow the official rate, which must then be recent (issue 42 §1).
  const zwgRate = {
    zwgFollowsRate: current.zwgFollowsRate,
    zwgRate: '24.3',
    zwgRateDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' }).format(new Date()),
    zwgRateKind: 'selling',
    zwgRoundTo: 1,
    quoteHonourDays: 14,
  };
  return { settings, races, zwgRate };
}
