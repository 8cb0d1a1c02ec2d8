import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import { onCleanup, withTimeout } from './cleanup.ts';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  expectedStatus: number;
  requests?: AutocannonOptions['requests'];
  /** Sees each response as it arrives (status, milliseconds), e.g. to split the latencies by time. */
  onResponse?: (statusCode: number, ms: number) => void;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** Responses with the expected status per second of the run: the useful part of requestsPerSecond. */
  expectedPerSecond: number;
  total: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  byStatus: Record<string, number>;
  /** Responses with another status than the expected one, plus connection errors and timeouts. */
  unexpected: number;
  errors: number;
  timeouts: number;
}

/** One autocannon run in this process, stopped if it outlives its duration by 30 s. */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  let instance: ReturnType<typeof autocannon> | undefined;
  const finished = new Promise<AutocannonResult>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        requests: options.requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    const { onResponse } = options;
    if (onResponse) instance.on('response', (_client, statusCode, _bytes, ms) => onResponse(statusCode, ms));
  });
  const removeCleanup = onCleanup(() => instance?.stop());
  try {
    const result = await withTimeout(finished, (options.seconds + 30) * 1000, `Load on ${options.url}`, () =>
      instance?.stop(),
    );
    return summarise(result, options.expectedStatus);
  } finally {
    removeCleanup();
  }
}

function summarise(result: AutocannonResult, expectedStatus: number): LoadFigures {
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, stats]) => [status, stats.count]),
  );
  const unexpectedResponses = Object.entries(byStatus)
    .filter(([status]) => Number(status) !== expectedStatus)
    .reduce((total, [, count]) => total + count, 0);
  return {
    requestsPerSecond: result.requests.average,
    expectedPerSecond: (byStatus[String(expectedStatus)] ?? 0) / result.duration,
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    byStatus,
    unexpected: unexpectedResponses + result.errors + result.timeouts,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Each response's time (ms) and when it came (seconds from the first call). */
export function responseTimes() {
  const started = performance.now();
  const responses: { at: number; ms: number; status: number }[] = [];
  return {
    add: (status: number, ms: number) =>
      void responses.push({ at: (performance.now() - started) / 1000, ms, status }),
    /** The responses that came within `seconds` of the start. */
    until(seconds: number) {
      const within = responses.filter((response) => response.at <= seconds);
      return {
        ms: within.map((response) => response.ms),
        created: within.filter((response) => response.status === 201).length,
      };
    },
  };
}
