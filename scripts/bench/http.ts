/** Timed HTTP requests from the bench process, an admin session, and percentiles. */

export interface TimedResponse {
  status: number;
  /** From sending the request to the last byte of the body. */
  ms: number;
  body: Buffer;
}

/** GET `url` and read the whole body; the time runs to the last byte. `onChunk` sees each chunk as it arrives. */
export async function timedGet(
  url: string,
  options: {
    headers?: Record<string, string>;
    timeoutMs?: number;
    onChunk?: (chunk: Uint8Array) => void;
  } = {},
): Promise<TimedResponse> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: options.headers,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const chunks: Uint8Array[] = [];
  if (response.body) {
    for await (const chunk of response.body) {
      chunks.push(chunk);
      options.onChunk?.(chunk);
    }
  }
  const ms = performance.now() - started;
  return { status: response.status, ms, body: Buffer.concat(chunks) };
}

/** Signs in through POST /api/account/sign-in and returns the Cookie header that carries the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/account/sign-in`, {
    method: 'POST',
    // The server refuses a cookie POST whose Origin is not its own PUBLIC_URL.
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${text.slice(0, 300)}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('Sign-in set no cookie');
  return cookies.join('; ');
}

/** Nearest-rank percentile (p in 0–100) of `values`; NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export const median = (values: number[]) => percentile(values, 50);

/** Milliseconds rounded to one decimal for figures. */
export const roundMs = (ms: number) => Math.round(ms * 10) / 10;
