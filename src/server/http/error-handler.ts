import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Problem } from './problem.ts';
import { tooManyRequests } from './rate-limits.ts';

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export function sendProblem(reply: FastifyReply, problem: Problem) {
  if (problem.headers) reply.headers(problem.headers);
  return reply
    .code(problem.status)
    .type(PROBLEM_TYPE)
    .send({
      type: 'about:blank',
      status: problem.status,
      title: problem.title,
      ...(problem.detail ? { detail: problem.detail } : {}),
      ...(problem.errors ? { errors: problem.errors } : {}),
      ...(problem.code ? { code: problem.code } : {}),
      ...problem.extensions,
      instance: reply.request.url.split('?')[0],
    });
}

/** Maps every error to a problem+json answer; a 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Problem) return sendProblem(reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const where =
        error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      return sendProblem(
        reply,
        new Problem(400, 'Bad Request', `Please check the ${where} and try again.`, errors),
      );
    }

    // The client closed the connection (or it was cut off as too slow) before its request was read:
    // its ECONNRESET is not the database's, and there is nobody left to answer.
    if (request.raw.socket?.destroyed && !request.raw.complete) {
      request.log.info({ code: error.code }, 'client went away before its request was read');
      return sendProblem(reply, new Problem(400, 'Bad Request', 'The request was cut off.'));
    }

    const status = databaseUnavailable(error) ? 503 : (error.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err: loggable(error) }, 'request failed');
      return sendProblem(
        reply,
        new Problem(
          status === 503 ? 503 : 500,
          status === 503 ? 'Service Unavailable' : 'Internal Server Error',
          status === 503
            ? 'The service is busy or restarting. Please try again in a moment.'
            : `Something went wrong on our side. Please try again. (request ${request.id})`,
          undefined,
          status === 503 ? { 'retry-after': '5' } : undefined,
        ),
      );
    }

    if (status === 429)
      return sendProblem(reply, tooManyRequests(Number(reply.getHeader('retry-after')) || 60));
    const detail = clientErrorDetail(error);
    return sendProblem(reply, new Problem(status, titleFor(status), detail));
  });
}

/**
 * A failed query's parameters are what the request sent (names, emails, Paynow's messages), and the
 * database's detail repeats them ("Key (email)=(…)"): the log keeps the query and the database's reason only.
 */
function loggable(error: unknown) {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const kept = new Error(`Failed query: ${error.query}`, {
    cause: cause && { code: cause.code, message: cause.message },
  });
  kept.name = 'DrizzleQueryError';
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  kept.stack = [`${kept.name}: ${kept.message}`, ...frames].join('\n');
  return kept;
}

function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The file is too large.';
    default:
      return error.message;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

function titleFor(status: number) {
  return TITLES[status] ?? 'Request Error';
}

// Connection refused or dropped, server shutting down or starting: the database is away, not the request wrong.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function databaseUnavailable(error: unknown): boolean {
  let current = error as { code?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code && UNAVAILABLE_CODES.has(current.code)) return true;
    if (
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(
        current.message ?? '',
      )
    )
      return true;
    current = current.cause as typeof current;
  }
  return false;
}
