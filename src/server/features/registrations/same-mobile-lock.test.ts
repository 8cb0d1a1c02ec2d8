import { describe, expect, it } from 'vitest';
import { entry, setUpRegistrationTests } from '../../../../tests/support/registrations.ts';
import { testDatabase, testDatabaseKind } from '../../../../tests/support/test-app.ts';

const { post } = setUpRegistrationTests();

/**
 * The same person without an email is found by mobile under a lock on it (migration 0035). Entries that have an
 * email are never that person to one another, so they must not queue behind one another on a shared mobile: one
 * mobile for a whole crowd of entries made 50 registrations at once three to four times slower (issue 44's
 * bench). Only PostgreSQL runs transactions side by side.
 */
describe.skipIf(testDatabaseKind === 'pglite')('entries sharing one mobile, at the same moment', () => {
  const MOBILE = '0772000111';

  async function twoEntries() {
    const ids: string[] = [];
    for (const firstName of ['Nyasha', 'Tendai']) {
      const response = await post(
        entry({ firstName, lastName: 'Sibanda', email: `${firstName}@example.com`, mobile: MOBILE }),
      );
      expect(response.statusCode, response.body).toBe(201);
      ids.push(
        (
          await (
            await testDatabase()
          ).run<{ id: string }>(
            {
              name: 'same-mobile-lock-id',
              text: 'select id from registrations where first_name = $1 and last_name = $2',
            },
            [firstName, 'Sibanda'],
          )
        )[0]?.id ?? '',
      );
    }
    return ids;
  }

  /** Changes the first entry's email in a transaction kept open while the second one's `email` is changed. */
  async function whileTheFirstIsChanging(ids: string[], email: string | null) {
    const database = await testDatabase();
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const setEmail = {
      name: 'same-mobile-lock-email',
      text: 'update registrations set email = $2 where id = $1',
    };
    const first = database.transaction(async (run) => {
      await run(setEmail, [ids[0], 'nyasha.new@example.com']);
      holding();
      await released;
    });
    await held;
    try {
      return await database.transaction(async (run) => {
        await run({ name: 'same-mobile-lock-timeout', text: "set local lock_timeout = '1s'" }, []);
        await run(setEmail, [ids[1], email]);
        return 'changed';
      });
    } catch (error) {
      return (error as { code?: string }).code === '55P03' ? 'waited too long' : Promise.reject(error);
    } finally {
      release();
      await first;
    }
  }

  it('lets two entries with an email change at once', async () => {
    expect(await whileTheFirstIsChanging(await twoEntries(), 'tendai.new@example.com')).toBe('changed');
  });

  it('still makes an entry losing its email wait for the others on its mobile, to be told apart from them', async () => {
    expect(await whileTheFirstIsChanging(await twoEntries(), null)).toBe('waited too long');
  });
});
