import { HttpError, requestJson } from './requestJson.ts';

/**
 * GETs JSON like {@link requestJson}, in one request, but answers null where the server answers
 * one of `statuses`: a visitor's 401, a non-admin's 403. Any other failure still throws with the
 * server's sentence, so it shows as an error rather than as "not yours".
 */
export async function requestJsonOrNull<T>(
  url: string,
  schema: { parse(input: unknown): T },
  statuses: readonly number[],
): Promise<T | null> {
  try {
    return await requestJson(url, schema);
  } catch (error) {
    if (error instanceof HttpError && statuses.includes(error.status)) return null;
    throw error;
  }
}
