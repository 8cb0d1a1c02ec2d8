import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASH_STORAGE_KEY } from './cash-kept.ts';

// The phone's storage in memory, and a server that takes every cash payment and says what it was sent.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});
const server = vi.fn(async (_path: string, init: RequestInit) => {
  const { registrationId } = JSON.parse(String(init.body));
  return new Response(JSON.stringify({ id: registrationId, paymentStatus: 'paid' }), { status: 201 });
});
vi.stubGlobal('fetch', server);
const { CASH_HOLD_MS, holdCash, keepSendingCash, sendWaitingCash, undoCash, waitingCashOf } = await import(
  './cash-queue.ts'
);

const entry = '0f8fad5b-d9cb-469f-a165-70867728950e';
const sentBodies = () => server.mock.calls.map(([, init]) => JSON.parse(String(init.body)));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  for (const kept of waitingCashOf('volunteer')) undoCash(kept.idempotencyKey);
  server.mockClear();
  vi.useRealTimers();
});
afterAll(() => vi.unstubAllGlobals());

describe('cash taken at the table', () => {
  it('waits on the phone for its minute: nothing goes to the server before', async () => {
    const kept = holdCash({ registrationId: entry, currency: 'USD' }, 'volunteer', ['unpaid', '15.00', null]);
    // Kept where a page opened later finds it, with the time it may go and the roster's payment before.
    expect(JSON.parse(stored.get(CASH_STORAGE_KEY) ?? '[]')).toEqual([
      expect.objectContaining({
        registrationId: entry,
        notBefore: kept.notBefore,
        before: ['unpaid', '15.00', null],
      }),
    ]);
    vi.advanceTimersByTime(CASH_HOLD_MS - 1000);
    expect(await sendWaitingCash('volunteer')).toEqual([]);
    expect(server).not.toHaveBeenCalled();
  });

  it('undone within the minute, is never sent', async () => {
    const stop = keepSendingCash('volunteer');
    const kept = holdCash({ registrationId: entry, currency: 'USD' }, 'volunteer');
    await vi.advanceTimersByTimeAsync(45_000);
    expect(undoCash(kept.idempotencyKey)).toEqual(kept);
    await vi.advanceTimersByTimeAsync(CASH_HOLD_MS);
    expect(await sendWaitingCash('volunteer')).toEqual([]);
    expect(server).not.toHaveBeenCalled();
    expect(waitingCashOf('volunteer')).toEqual([]);
    expect(JSON.parse(stored.get(CASH_STORAGE_KEY) ?? '[]')).toEqual([]);
    stop();
  });

  it('goes once when its minute is over, with its own key; then it can no longer be undone', async () => {
    const stop = keepSendingCash('volunteer');
    const kept = holdCash({ registrationId: entry, currency: 'ZWG' }, 'volunteer');
    await vi.advanceTimersByTimeAsync(CASH_HOLD_MS - 1);
    expect(server).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sentBodies()).toEqual([
      { registrationId: entry, currency: 'ZWG', idempotencyKey: kept.idempotencyKey },
    ]);
    expect(undoCash(kept.idempotencyKey)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5 * CASH_HOLD_MS);
    expect(server).toHaveBeenCalledTimes(1);
    stop();
  });

  it('kept without signal after its minute, can be undone until it is sent', async () => {
    server.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const kept = holdCash({ registrationId: entry, currency: 'USD' }, 'volunteer');
    vi.advanceTimersByTime(CASH_HOLD_MS);
    expect(await sendWaitingCash('volunteer')).toEqual([]);
    expect(waitingCashOf('volunteer')).toEqual([kept]);
    expect(undoCash(kept.idempotencyKey)).toEqual(kept);
    expect(await sendWaitingCash('volunteer')).toEqual([]);
    expect(server).toHaveBeenCalledTimes(1);
  });
});
