import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
// The core class: errors of full zod and of zod/mini schemas (core/protocol) are both instances.
import { $ZodError } from 'zod/v4/core';
import { GridmindError, ValidationError } from '#core/errors.ts';
import { SECURITY_HEADERS } from './securityHeaders.ts';

/** 4xx body: a short sentence and, for invalid input, the zod issues. 5xx: never any detail. */
export interface ErrorBody {
  error: string;
  issues?: { path: string; message: string }[];
}

/** Thrown by handlers to answer a 4xx with a short message. */
export class HttpError extends GridmindError {
  override readonly name = 'HttpError';
  readonly statusCode: number;

  constructor(statusCode: number, shortMessage: string) {
    super(shortMessage);
    this.statusCode = statusCode;
  }
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Request body too large',
  414: 'A part of this address is too long.',
  415: 'Unsupported media type',
  429: 'Too many requests',
};

/**
 * PostgreSQL refusing a value it cannot store as text (a NUL character, a byte sequence that is
 * not UTF-8): that value can only have come from the request, so it is the caller's error.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** Maps any thrown value to a status and a body that is safe to send. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof $ZodError) {
    return {
      status: 400,
      body: {
        error: 'Invalid request',
        issues: error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      },
    };
  }
  if (error instanceof HttpError)
    return { status: error.statusCode, body: { error: error.shortMessage } };
  if (error instanceof ValidationError) return { status: 400, body: { error: error.shortMessage } };
  const sqlState = (error as { code?: unknown } | null)?.code;
  if (typeof sqlState === 'string' && UNSTORABLE_TEXT_CODES.has(sqlState)) {
    return {
      status: 400,
      body: { error: 'The request contains characters that cannot be stored.' },
    };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: STATUS_MESSAGES[status] ?? 'Bad request' } };
  }
  return { status: 500, body: { error: 'Internal error' } };
}

/** What Fastify's router refuses before any route runs, said in our own words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'This address is malformed: it has a % that does not start a valid escape.',
};

/**
 * Fastify's `frameworkErrors` option: answers what the router refuses before routing (a malformed
 * %-escape in the path, a path part over the length limit) with our usual `{ error }` body, not
 * Fastify's own. No hook runs for these replies, so the security headers are set here.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error);
  const known = FRAMEWORK_MESSAGES[error.code];
  return reply
    .code(status)
    .headers(SECURITY_HEADERS)
    .send(known ? { error: known } : body);
}

/** Installs the app's one error handler and the JSON 404 for unknown API routes. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const retryAfter = reply.getHeader('retry-after');
    reply.code(status);
    if (retryAfter === undefined) return reply.send(body);
    reply.header('retry-after', retryAfter);
    // Say when, as the write limits do (plugins/rateLimits.ts), not only that it is too many.
    const when = status === 429 ? `: try again in ${String(retryAfter)} s.` : '';
    return reply.send({ ...body, error: `${body.error}${when}` });
  });
}
