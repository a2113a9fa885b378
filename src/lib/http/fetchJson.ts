import { GridmindError } from '#core/errors.ts';
import { parseAnswer } from './parseAnswer.ts';

/**
 * GETs a JSON body and validates it; a failed request throws with a sentence people can read,
 * `notFound` for a 404 (what the page was looking for).
 */
export async function fetchJson<T>(
  url: string,
  schema: { parse(input: unknown): T },
  notFound = 'This page does not exist.',
): Promise<T> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 404) throw new GridmindError(notFound);
  if (!response.ok) throw new GridmindError('The server could not answer. Try again shortly.');
  return parseAnswer(schema, await response.json());
}
