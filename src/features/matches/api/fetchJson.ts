import { GridmindError } from '../../../../core/errors.ts';

/** GETs a JSON body and validates it; a failed request throws with a sentence people can read. */
export async function fetchJson<T>(url: string, schema: { parse(input: unknown): T }): Promise<T> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 404) throw new GridmindError('This page does not exist.');
  if (!response.ok) throw new GridmindError('The server could not answer. Try again shortly.');
  return schema.parse(await response.json());
}
