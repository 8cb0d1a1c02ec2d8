import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '../../../shared/progress/progress-rules.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { UPLOAD_RATE } from '../../http/limits.ts';
import { Problem } from '../../http/problem.ts';
import { tooManyRequests } from '../../http/rate-limits.ts';

/**
 * How fast one account may upload: UPLOAD_LIMITS.perHour uploads an hour (429 with Retry-After; off with
 * RATE_LIMITS=off, like every rate limit, for benchmarks) and UPLOAD_LIMITS.concurrent under way at once.
 */
export function uploadGuards(app: FastifyInstance, context: AppContext) {
  const countUpload =
    context.env.RATE_LIMITS === 'off'
      ? undefined
      : app.createRateLimit({
          max: UPLOAD_RATE.perAccount.max,
          timeWindow: UPLOAD_RATE.perAccount.window,
          keyGenerator: (request: FastifyRequest) => `upload:${signedInUser(request).id}`,
        });
  // Uploads under way, per account, in this process. An upload holds its request stream for as long as
  // the phone takes to send it, so the count lives where the stream does; with several app servers it is
  // a limit per server, which still bounds what one account holds open.
  const underWay = new Map<string, number>();

  return {
    /**
     * Claims a place for the caller's upload, or refuses it (429); call the returned function when the
     * upload has finished, however it finished.
     */
    async begin(request: FastifyRequest): Promise<() => void> {
      const account = signedInUser(request).id;
      const busy = underWay.get(account) ?? 0;
      if (busy >= UPLOAD_LIMITS.concurrent) {
        throw new Problem(
          429,
          'Too Many Requests',
          `You already have ${UPLOAD_LIMITS.concurrent} uploads under way. Wait for one to finish, then try again.`,
          undefined,
          { 'retry-after': String(UPLOAD_RATE.concurrentRetrySeconds) },
        );
      }
      underWay.set(account, busy + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (underWay.get(account) ?? 1) - 1;
        if (left > 0) underWay.set(account, left);
        else underWay.delete(account);
      };
      try {
        const limit = await countUpload?.(request);
        if (limit && !limit.isAllowed && limit.isExceeded)
          throw tooManyRequests(limit.ttlInSeconds, 'uploads');
      } catch (error) {
        release();
        throw error;
      }
      return release;
    },
  };
}
