import { type QueryKey, queryOptions } from '@tanstack/react-query';

export interface FieldError {
  path: string;
  message: string;
}

export const NETWORK_DOWN = 'Could not reach the server — your details are still here, try again';

/** A failed API call: the server's problem+json, or status 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The server's machine-readable reason, e.g. EMAIL_NOT_VERIFIED. */
    readonly code?: string,
    /** From Retry-After on a 429 or 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        // A FormData body (an upload) carries its own multipart content type.
        ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(0, NETWORK_DOWN);
  }
  const body = await response.json().catch(() => undefined);
  if (!response.ok) {
    const detail = body?.detail ?? body?.title ?? `The server answered ${response.status}. Please try again.`;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      detail,
      Array.isArray(body?.errors) ? body.errors : [],
      typeof body?.code === 'string' ? body.code : undefined,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return body as T;
}

/** Sends `body` as JSON (a POST, PUT or PATCH) and gives the server's answer. */
export const apiSend = <T>(path: string, method: 'POST' | 'PUT' | 'PATCH', body: unknown) =>
  apiFetch<T>(path, { method, body: JSON.stringify(body) });

/** The options of a query that GETs `path`, cancelled with the query. */
export const getQueryOptions = <T>(queryKey: QueryKey, path: string, options: { retry?: false } = {}) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => apiFetch<T>(path, { signal }), ...options });
