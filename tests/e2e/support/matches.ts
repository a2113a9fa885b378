import { type MatchSummary, matchListResponseSchema } from '../../../core/protocol/matches.ts';

/**
 * The id of a match in `status` on the test server, polling until one exists (the runner
 * announces, plays and finishes matches at the pace the test's environment set).
 */
export async function matchWithStatus(
  origin: string,
  status: MatchSummary['status'],
  timeoutMs = 120_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/matches?status=${status}`);
    const [match] = matchListResponseSchema.parse(await response.json()).items;
    if (match) return match.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${status} match within ${timeoutMs} ms`);
}
