import type { Transaction } from '../../../db/client.ts';
import { PAYMENT_PROMPT_LIMITS } from '../../../http/limits.ts';
import { Problem } from '../../../http/problem.ts';
import { type AttemptOwner, attemptsSince } from './repository.ts';

const { numbers, attempts } = PAYMENT_PROMPT_LIMITS;

/**
 * Refuses a payment attempt over the entry's limits (PAYMENT_PROMPT_LIMITS), counted from its attempts in the
 * database: so a private link cannot ring any number of phones in the church's name, nor the same one again
 * and again. Call it with the entry's row locked, so two taps at once are counted in turn.
 */
export async function checkPromptLimits(
  tx: Transaction,
  payer: AttemptOwner,
  phone: string | null,
  now = new Date(),
) {
  const since = (window: number) => new Date(now.getTime() - window);
  const recent = await attemptsSince(tx, payer, since(Math.max(numbers.window, attempts.window)));

  const lastHour = recent.filter((attempt) => attempt.createdAt >= since(attempts.window));
  if (lastHour.length >= attempts.max) {
    const wait = waitUntil(lastHour[lastHour.length - attempts.max]?.createdAt, attempts.window, now);
    throw tooMany(
      `This entry has started ${attempts.max} payments in the last hour. Please wait ${words(wait)} and try again.`,
      wait,
    );
  }

  if (phone === null) return;
  // Each number with the last time it was prompted, within the window.
  const lastPrompted = new Map<string, Date>();
  for (const attempt of recent) {
    if (attempt.phone && attempt.createdAt >= since(numbers.window)) {
      lastPrompted.set(attempt.phone, attempt.createdAt);
    }
  }
  if (lastPrompted.has(phone) || lastPrompted.size < numbers.max) return;
  // A new number may be prompted once enough of the others have left the window.
  const oldest = [...lastPrompted.values()].sort((a, b) => a.getTime() - b.getTime());
  const wait = waitUntil(oldest[lastPrompted.size - numbers.max], numbers.window, now);
  throw tooMany(
    `A payment prompt for this entry can go to at most ${numbers.max} different numbers a day. Use a number already tried, or try this one in ${words(wait)}.`,
    wait,
    'phone',
  );
}

/** Seconds until an attempt made at `at` leaves a window of `window` ms (at least 1). */
function waitUntil(at: Date | undefined, window: number, now: Date) {
  if (!at) return 1;
  return Math.max(1, Math.ceil((at.getTime() + window - now.getTime()) / 1000));
}

function words(seconds: number) {
  if (seconds > 90 * 60) return `${Math.ceil(seconds / 3600)} hours`;
  if (seconds > 90) return `${Math.ceil(seconds / 60)} minutes`;
  return `${seconds} seconds`;
}

function tooMany(detail: string, retryAfter: number, field?: string) {
  return new Problem(
    429,
    'Too Many Requests',
    detail,
    field ? [{ path: field, message: detail }] : undefined,
    { 'retry-after': String(retryAfter) },
  );
}
