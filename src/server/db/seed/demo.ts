import { sql } from 'drizzle-orm';
import { isMinor } from '../../../shared/registrations/guardian.ts';
import { findCurrentEvent } from '../../features/events/repository.ts';
import type { Database } from '../client.ts';
import { raceOptions, registrations } from '../schema/index.ts';

const FIRST_NAMES = [
  'Tendai',
  'Tatenda',
  'Chipo',
  'Farai',
  'Rudo',
  'Tafadzwa',
  'Nyasha',
  'Kudzai',
  'Tariro',
  'Blessing',
  'Simba',
  'Ruvimbo',
  'Takudzwa',
  'Rutendo',
  'Tinashe',
  'Vimbai',
  'Munashe',
  'Chiedza',
  'Tapiwa',
  'Anesu',
  'Thabo',
  'Sipho',
  'Nomsa',
  'Themba',
  'Zanele',
  'John',
  'Mary',
  'Grace',
  'Peter',
  'Ruth',
];
const LAST_NAMES = [
  'Moyo',
  'Ncube',
  'Sibanda',
  'Dube',
  'Ndlovu',
  'Mpofu',
  'Chikomo',
  'Mutasa',
  'Chirwa',
  'Banda',
  'Mhlanga',
  'Nyathi',
  'Gumbo',
  'Marufu',
  'Chigumba',
  'Makoni',
  'Zulu',
  'Mlambo',
  'Hove',
  'Shumba',
  'Mushonga',
  'Chinyama',
  'Madzima',
  'Tshuma',
  'Khumalo',
  'Mapfumo',
  'Zvobgo',
  'Chuma',
  'Nhongo',
  'Matanda',
];
const PREFIXES = ['77', '78', '71', '73'];

/** A small deterministic generator, so two runs with the same count make the same people. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Adds `count` realistic registrations (both disciplines, all races, some paid or waived, spread over
 * the last 60 days) to the current event, in batches. For benchmarks and trying the admin screens.
 */
export async function seedDemoRegistrations(db: Database, count: number, seed = 42) {
  const event = await findCurrentEvent(db);
  if (!event) throw new Error('No current event: start the server once (or run the seed) first.');
  const races = await db.select().from(raceOptions).where(sql`${raceOptions.eventId} = ${event.id}`);
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const now = Date.now();
  // Raw rows differ in shape between PGlite and pg only in typing; both have `rows`.
  const result = (await db.execute(sql`select nextval('registration_number_seq') as start`)) as unknown as {
    rows: { start: string | number }[];
  };
  // The sequence gives the block's first number; move it past the block so live registrations follow on.
  const first = Number(result.rows[0]?.start);
  await db.execute(sql`select setval('registration_number_seq', ${first + count})`);

  for (let done = 0; done < count; done += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - done) }, (_, i) => {
      const n = first + done + i;
      const race = pick(races);
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      const status = next();
      const paid = status < 0.45;
      // Drawn in the order they always were, so the same seed makes the same demo.
      const mobile = `+263${pick(PREFIXES)}${String(Math.floor(next() * 1e7)).padStart(7, '0')}`;
      const nextOfKinMobile = `+263${pick(PREFIXES)}${String(Math.floor(next() * 1e7)).padStart(7, '0')}`;
      const age = 8 + Math.floor(next() * 60);
      const gender = next() < 0.1 ? null : pick(['Male', 'Female']);
      const tshirtSize = pick(event.tshirtSizes[race.discipline]);
      const consentedAt = new Date(now - next() * 60 * 86_400_000);
      // A child's parent is the next of kin: no more draws, so the rest of the demo stays as it was.
      const guardian = isMinor(age)
        ? {
            guardianName: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${lastName}`,
            guardianMobile: nextOfKinMobile,
            guardianConsentedAt: consentedAt,
          }
        : {};
      return {
        eventId: event.id,
        discipline: race.discipline,
        raceOptionId: race.id,
        reference: `${event.referencePrefix}-${String(n).padStart(4, '0')}`,
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${n}@example.com`.toLowerCase(),
        mobile,
        nextOfKinMobile,
        age,
        ...guardian,
        gender,
        tshirtSize,
        termsVersion: event.termsVersion,
        privacyVersion: event.privacyVersion,
        consentedAt,
        paymentStatus: paid ? ('paid' as const) : status < 0.5 ? ('waived' as const) : ('unpaid' as const),
        paymentMethod: paid ? pick(['usd_bank', 'zwg_bank', 'cash', 'mobile_money'] as const) : null,
        paymentAmount: paid ? (race.feeUsd ?? '10.00') : null,
        paymentCurrency: paid ? ('USD' as const) : null,
        waiverReason: !paid && status < 0.5 ? 'Volunteer' : null,
      };
    });
    await db.insert(registrations).values(batch.map((row) => ({ ...row, createdAt: row.consentedAt })));
  }
  // Fresh statistics, as autovacuum would gather them soon after: the planner otherwise assumes an empty table.
  await db.execute(sql`analyze ${registrations}`);
}
