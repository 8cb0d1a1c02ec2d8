import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { events, raceOptions } from '../schema/index.ts';

export const SEED_EVENT_SLUG = 'celebration-fun-run-2025';

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

/** The 2025 event of the original product; inserted once, then it belongs to the admins. */
export async function seedEvents(db: Database) {
  // A read first: on every start after the first there is nothing to write (and no WAL to flush).
  const [seeded] = await db.select({ id: events.id }).from(events).where(eq(events.slug, SEED_EVENT_SLUG));
  if (seeded) return;
  const [event] = await db
    .insert(events)
    .values({
      slug: SEED_EVENT_SLUG,
      isCurrent: true,
      year: 2025,
      title: 'Celebration Fun Run',
      subtitle: '2025 Fun Run Registration Platform',
      greeting: 'Welcome to',
      contactPhone: '+263770000000',
      referencePrefix: 'CFR25',
      termsText: TERMS,
      termsVersion: 1,
      payment: {
        bankName: 'Example Bank (set in Event settings)',
        branch: 'Example Branch',
        usd: { accountName: 'Celebration Church (example)', accountNumber: '0000-USD-EXAMPLE' },
        zwg: { accountName: 'Celebration Church (example)', accountNumber: '0000-ZWG-EXAMPLE' },
        mobileMoney: {
          provider: 'EcoCash',
          number: '+263770000000',
          holderName: 'Example Account Holder',
          codePattern: '*153*1*1*0770000000*{amount}#',
          zwgCodePattern: '',
          matchingNote: '',
        },
        cashPhone: '+263770000000',
        order: ['mobileMoney', 'usd', 'zwg', 'cash'],
      },
      tshirtSizes: {
        run: ['Small', 'Medium', 'Large', 'X-Large', 'XXL', '3XL', '4XL'],
        cycle: ['Small', 'Medium', 'Large', 'X-Large'],
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
