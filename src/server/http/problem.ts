/** An error that the API answers as application/problem+json (RFC 9457). */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** A stable machine-readable reason, e.g. EMAIL_NOT_VERIFIED, for the client to act on. */
    readonly code?: string,
    /** RFC 9457's extension members beside the code, e.g. how many entries a refusal is about. */
    readonly extensions?: Record<string, number | string>,
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string, errors?: { path: string; message: string }[]) =>
  new Problem(400, 'Bad Request', detail, errors);
export const unauthorized = (detail = 'Please sign in to continue.') =>
  new Problem(401, 'Unauthorized', detail);
export const forbidden = (detail = "You don't have access to this.") => new Problem(403, 'Forbidden', detail);
export const notFound = (detail = 'Not found.') => new Problem(404, 'Not Found', detail);
export const conflict = (detail: string, code?: string) =>
  new Problem(409, 'Conflict', detail, undefined, undefined, code);
