/**
 * Deeper verdicts on a running platform: a real server process plays its live matches for
 * DEEPER_SECONDS (default 300) at the default pace, then every match it played is read through
 * the public API. For each game it prints, by the mover's search depth (the move's trace), how
 * many moves judged by winning chances got a verdict from a deeper search than the mover's
 * (`depth` on the verdict), and the moves played a minute, the pace the deeper judge must not
 * slow. Embedded PGlite, or PostgreSQL when DATABASE_URL names one (a fresh schema of it).
 * `npm run bench -- deeperVerdicts`.
 */

import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { startBenchServer } from './support/benchServer.ts';
import { envCount } from './support/workload.ts';

/** Movers searching at least this deep are the strong ones the live judge's 40,000 nodes trail. */
const STRONG_DEPTH = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type MatchDetail = ReturnType<typeof matchDetailSchema.parse>;

/** Every match the server lists (live and finished), read whole. */
async function readMatches(origin: string): Promise<MatchDetail[]> {
  const matches: MatchDetail[] = [];
  for (const status of ['live', 'finished'] as const) {
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ status, limit: '100', ...(cursor ? { cursor } : {}) });
      const list = matchListResponseSchema.parse(
        await (await fetch(`${origin}/api/matches?${query}`)).json(),
      );
      for (const item of list.items) {
        const detail = await fetch(`${origin}/api/matches/${item.id}`);
        matches.push(matchDetailSchema.parse(await detail.json()));
      }
      cursor = list.nextCursor;
    } while (cursor);
  }
  return matches;
}

export default async function deeperVerdictsBench(): Promise<void> {
  const seconds = envCount('DEEPER_SECONDS', 300);
  const server = await startBenchServer({});
  try {
    const startedAt = Date.now();
    await sleep(seconds * 1000);
    const minutes = (Date.now() - startedAt) / 60_000;
    const memory = await server.memory();
    const matches = await readMatches(server.origin);
    console.log(
      `${server.database}: ${matches.length} matches over ${seconds} s, server RSS ${(memory.rss / 2 ** 20).toFixed(0)} MB after a full GC`,
    );
    let strongOfAll = 0;
    let strongDeeperOfAll = 0;
    for (const game of ['connect4', 'othello', 'checkers'] as const) {
      const ofGame = matches.filter((match) => match.game === game);
      const moves = ofGame.flatMap((match) => match.turns);
      const byDepth = new Map<number, { moves: number; deeper: number; judgeDepths: number[] }>();
      for (const move of moves) {
        const verdict = move.verdict;
        if (!verdict || verdict.exact || move.trace.proven === true) continue;
        const row = byDepth.get(move.trace.depth) ?? { moves: 0, deeper: 0, judgeDepths: [] };
        row.moves++;
        if ((verdict.depth ?? 0) > move.trace.depth) row.deeper++;
        row.judgeDepths.push(verdict.depth ?? 0);
        byDepth.set(move.trace.depth, row);
      }
      const strong = [...byDepth].filter(([depth]) => depth >= STRONG_DEPTH);
      const strongMoves = strong.reduce((sum, [, row]) => sum + row.moves, 0);
      const strongDeeper = strong.reduce((sum, [, row]) => sum + row.deeper, 0);
      strongOfAll += strongMoves;
      strongDeeperOfAll += strongDeeper;
      console.log(
        `  ${game}: ${moves.length} moves in ${ofGame.length} matches, ${(moves.length / minutes).toFixed(0)} a minute; ` +
          `movers searching ${STRONG_DEPTH}+ deep: ${strongDeeper} of ${strongMoves} chances verdicts from a deeper search`,
      );
      for (const [depth, row] of [...byDepth].sort((a, b) => a[0] - b[0])) {
        const judged = row.judgeDepths.toSorted((a, b) => a - b);
        console.log(
          `    mover depth ${depth}: ${row.deeper}/${row.moves} deeper, judge depth ${judged[0]}–${judged.at(-1)}`,
        );
      }
    }
    console.log(
      figureRowReport({
        figure: "top agents' chances verdicts from a deeper search",
        target: 'all',
        value: `${figureNumber(strongDeeperOfAll)} of ${figureNumber(strongOfAll)}`,
        command: '`npm run bench -- deeperVerdicts`',
      }),
    );
  } finally {
    await server.stop();
  }
}
