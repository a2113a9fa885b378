import type { Page } from 'playwright-core';

/**
 * POSTs JSON from a signed-in page, as the app would: its session cookie and origin go along.
 * Resolves with the answer's body; throws with the status and body on anything but success.
 */
export async function postFrom(page: Page, url: string, body: unknown): Promise<unknown> {
  const answer = await page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { url, body },
  );
  if (answer.status >= 300) {
    throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}
