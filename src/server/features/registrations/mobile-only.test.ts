import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { expectProblem } from '../../../../tests/support/registrations.ts';
import { setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { registrations } from '../../db/schema/index.ts';
import { NOT_A_MOBILE } from '../../sms/mobile-only.ts';

const { db, visitor } = setUpTestApp();
const runner = runnerSeries();

describe(`a landline given as Mobile (${testDatabaseKind})`, () => {
  it('is refused beside Mobile, whichever way it is typed; nothing is registered', async () => {
    for (const landline of ['+263 24 2700000', '024 2700000', '+234 20 1234 5678', '+27 11 456 7890']) {
      const response = await visitor.post('/api/registrations', runner({ mobile: landline }));
      const problem = expectProblem(response, 400);
      expect(problem.errors, landline).toEqual([{ path: 'mobile', message: NOT_A_MOBILE }]);
    }
    expect(await db.select().from(registrations)).toEqual([]);
  });

  it('accepts mobiles: Econet 077 and 078, NetOne 071, a Nigerian and a South African one', async () => {
    for (const mobile of [
      '+263 77 123 4567',
      '0712345678',
      '+263 78 234 5678',
      '+234 803 123 4567',
      '+27 82 123 4567',
    ])
      expect((await visitor.post('/api/registrations', runner({ mobile }))).statusCode, mobile).toBe(201);
  });

  it('accepts a landline as the next of kin’s number (a call, not a text)', async () => {
    const response = await visitor.post('/api/registrations', runner({ nextOfKinMobile: '+263 24 2700000' }));
    expect(response.statusCode).toBe(201);
  });

  it('is refused on a group form, beside that person’s Mobile', async () => {
    const response = await visitor.post('/api/registrations/group', {
      people: [runner(), runner({ mobile: '+263 24 2700000' })],
    });
    expect(expectProblem(response, 400).errors).toEqual([{ path: 'people.1.mobile', message: NOT_A_MOBILE }]);
    expect(await db.select().from(registrations)).toEqual([]);
  });
});
