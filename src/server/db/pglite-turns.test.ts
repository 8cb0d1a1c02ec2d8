import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

// The embedded database answers each query synchronously. Queries waiting for it must still leave the event
// loop a turn between them, or a burst of requests holds every timer and request until the last query is done
// (issue 44: GET /api/event during 50 registrations).
describe('the embedded database between queries', () => {
  const opening = openDatabase({ dataDir: 'memory://' });
  afterAll(async () => (await opening).close());

  it('lets the event loop turn while queries wait for one another', async () => {
    const database = await opening;
    const queries = 40;
    let done = 0;
    let doneWhenTheLoopTurned = -1;
    setImmediate(() => {
      doneWhenTheLoopTurned = done;
    });
    await Promise.all(
      Array.from({ length: queries }, async () => {
        await database.run({ name: 'turns', text: 'select pg_sleep(0.001)' }, []);
        done += 1;
      }),
    );
    expect(done).toBe(queries);
    expect(doneWhenTheLoopTurned).toBeGreaterThanOrEqual(0);
    expect(doneWhenTheLoopTurned).toBeLessThan(3);
  });
});
