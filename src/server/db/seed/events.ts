import { harareToday } from '../../../shared/dates.ts';
import { EXAMPLE_PHONE } from '../../../shared/event-settings/readiness.ts';
import type { Database } from '../client.ts';
import { events, raceOptions } from '../schema/index.ts';

const TERMS = `By registering for the Celebration Fun Run you agree to these terms.

1. Entry. Each entry is personal and may not be transferred. Your place is confirmed once your entry fee (if any) is received; quote your registration reference with every payment.
2. Your details. We use the details you give only to run the event: to contact you, to reach your next of kin in an emergency, and to prepare race numbers and T-shirts. We do not share them with anyone else.
3. Safety. Follow the instructions of marshals and officials, keep to the marked route, and wear a helmet if you ride. The organiser may stop anyone from continuing for their own safety.
4. Photographs. Photographs and video taken at the event may be used by the church to report on the event.
5. Changes. The organiser may change the route, the start time or the programme, or cancel the event for safety reasons.

Celebration Fun Run Registration Waiver

I take part in the Celebration Fun Run voluntarily and of my own free will.
I understand that running and cycling carry risks, including falls, collisions, injury, illness and loss of property, and I assume all of these risks.
I release the organiser, the church, its volunteers and sponsors from all claims arising from my participation, except those caused by their negligence.
I certify that I am physically fit and sufficiently prepared to take part, and that a medical professional has not advised me otherwise. A parent or guardian agrees to these terms on behalf of an entrant under 18.`;

export interface FirstEdition {
  year: number;
  /** A fresh install is a draft until an admin has set it up and published it (the tests' is published). */
  published: boolean;
}

/**
 * The first edition, of this year (Harare), as a draft with example details for the organisers to replace;
 * inserted into an empty database once, then it belongs to the admins.
 */
export async function seedEvents(
  db: Database,
  edition: FirstEdition = { year: Number(harareToday().slice(0, 4)), published: false },
) {
  // A read first: on every start after the first there is nothing to write (and no WAL to flush).
  const [seeded] = await db.select({ id: events.id }).from(events).limit(1);
  if (seeded) return;
  const { year } = edition;
  const [event] = await db
    .insert(events)
    .values({
      slug: `celebration-fun-run-${year}`,
      isCurrent: true,
      year,
      title: 'Celebration Fun Run',
      subtitle: `${year} Fun Run Registration Platform`,
      greeting: 'Welcome to',
      contactPhone: EXAMPLE_PHONE,
      referencePrefix: `CFR${String(year).slice(-2)}`,
      publishedAt: edition.published ? new Date() : null,
      termsText: TERMS,
      termsVersion: 1,
      payment: {
        bankName: 'Example Bank (set in Event settings)',
        branch: 'Example Branch',
        usd: { accountName: 'Celebration Church (example)', accountNumber: '0000-USD-EXAMPLE' },
        zwg: { accountName: 'Celebration Church (example)', accountNumber: '0000-ZWG-EXAMPLE' },
        mobileMoney: {
          provider: 'EcoCash',
          number: EXAMPLE_PHONE,
          holderName: 'Example Account Holder',
          codePattern: '*153*1*1*0770000000*{amount}#',
          zwgCodePattern: '',
          matchingNote: '',
        },
        cashPhone: EXAMPLE_PHONE,
        order: ['mobileMoney', 'usd', 'zwg', 'cash'],
      },
      // Children run and ride too (a minor enters with a guardian): their sizes come first, smallest to largest.
      tshirtSizes: {
        run: ['Child 6-8', 'Child 9-11', 'Small', 'Medium', 'Large', 'X-Large', 'XXL', '3XL', '4XL'],
        cycle: ['Child 6-8', 'Child 9-11', 'Small', 'Medium', 'Large', 'X-Large'],
      },
    })
    .onConflictDoNothing({ target: events.slug })
    .returning({ id: events.id });
  if (!event) return;

  const races = [
    ...['5km', '10km', '21km', 'Other'].map((label, i) => ({
      discipline: 'run' as const,
      label,
      sortOrder: i,
    })),
    ...['15km', '30km'].map((label, i) => ({ discipline: 'cycle' as const, label, sortOrder: i })),
  ];
  await db.insert(raceOptions).values(races.map((race) => ({ ...race, eventId: event.id })));
}
