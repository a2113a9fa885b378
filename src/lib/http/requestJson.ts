import { GridmindError } from '#core/errors.ts';
import { parseAnswer } from './parseAnswer.ts';

/** A non-OK answer: the server's sentence for people, and the status for code that branches on it. */
export class HttpError extends GridmindError {
  override readonly name = 'HttpError';

  constructor(
    shortMessage: string,
    readonly status: number,
  ) {
    super(shortMessage);
  }
}

/**
 * Sends (or GETs without a body) JSON and validates the answer; 4xx messages reach the user.
 * A non-OK answer throws an {@link HttpError}.
 */
export async function requestJson<T>(
  url: string,
  schema: { parse(input: unknown): T },
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'include',
    cache: 'no-store',
    ...(init.body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: unknown; issues?: { message: string }[] } | null) ?? {};
    const detail = message.issues?.[0]?.message ?? message.error;
    throw new HttpError(
      typeof detail === 'string' ? detail : 'The server could not answer. Try again shortly.',
      response.status,
    );
  }
  return parseAnswer(schema, body);
}
