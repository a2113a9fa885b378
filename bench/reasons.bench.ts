/**
 * How varied the reasons a watcher reads are (issue 27, part 3): finished matches of each game
 * between built-in agents, every move decided as the server's runner decides it, and the share
 * of the moves each sentence shape covers. A shape is the reason with its squares, columns,
 * counts and move notation replaced by `#` and the side's name by `Side`, so "Takes the a1
 * corner" and "Takes the h8 corner" are one shape. The target: no shape above 20% of a game's moves.
 *
 * `REASONS_MATCHES` (default 50) matches a game; `REASONS_MAX_SKILL` (default 7) leaves out the
 * slowest agents, whose node budgets take seconds a move (their reasons are the same functions
 * with more exact results); `REASONS_GAMES` (default `connect4,othello,checkers`) picks the
 * games. Pairs and seeds come from a fixed seed, so a run is reproducible.
 */
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import type { GameId } from '#core/games/gameIds.ts';
import { selfPlayMatches } from '#core/games/selfPlay.ts';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { figureGameName } from './support/figureGameName.ts';

const MATCHES = Number(process.env.REASONS_MATCHES ?? 50);
const MAX_SKILL = Number(process.env.REASONS_MAX_SKILL ?? 7);
const GAMES = (process.env.REASONS_GAMES ?? 'connect4,othello,checkers').split(',') as GameId[];
const TARGET_SHARE = 0.2;
/** What perfect play says, added to a move's reason where the agent proved or looked it up. */
const OUTCOME_NOTES =
  /(: a forced win in \d+ moves?|: wins by \d+ with perfect play|: a draw with perfect play|: loses by \d+ at best|, holding the draw|, though lost with (perfect|best) play|: the opening book's winning line)$/;
const COUNT_WORDS = /\b(no|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\b/gi;

/** The reason with what varies from move to move (squares, numbers, notation) taken out. */
export function sentenceShape(reason: string): string {
  return reason
    .replace(/^on instinct[,:] /i, '')
    .replace(OUTCOME_NOTES, '')
    .replace(/\b[a-h][1-8]\b/g, '#')
    .replace(/\d+/g, '#')
    .replace(COUNT_WORDS, '#')
    .replace(/#([-x]#)+/g, '#')
    .replace(/\b(Red|Yellow|Black|White|Dark|Light)\b/g, 'Side')
    .replace(/\bmoves?\b/g, 'move(s)')
    .replace(/\b(man|men|king|kings|disc|discs)\b/g, 'piece(s)')
    .toLowerCase();
}

function playMatches(id: GameId): Map<string, number> {
  const agents = BUILT_IN_AGENTS.filter((agent) => agent.traits.skill <= MAX_SKILL);
  const shapes = new Map<string, number>();
  for (const match of selfPlayMatches(id, agents, MATCHES, 27)) {
    for (const { decision } of match.moves) {
      const shape = sentenceShape(decision.trace.reason);
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    }
  }
  return shapes;
}

export default async function reasonsBench(): Promise<void> {
  const shares: string[] = [];
  for (const id of GAMES) {
    const started = performance.now();
    const shapes = playMatches(id);
    const total = [...shapes.values()].reduce((sum, count) => sum + count, 0);
    const ranked = [...shapes].sort((a, b) => b[1] - a[1]);
    const top = ranked[0]?.[1] ?? 0;
    const verdict = top / total <= TARGET_SHARE ? 'within' : 'OVER';
    shares.push(`${figureGameName(id)} ${((100 * top) / total).toFixed(1)}%`);
    console.log(
      `${id}: ${MATCHES} matches, ${total} moves, ${shapes.size} shapes; the commonest ${((100 * top) / total).toFixed(1)}% (${verdict} the 20% target), ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const [shape, count] of ranked.slice(0, 8)) {
      console.log(`  ${((100 * count) / total).toFixed(1).padStart(5)}%  ${shape}`);
    }
  }
  // Seeded matches and node-bound searches: the same shares on any machine.
  console.log(
    figureRowReport(
      {
        figure: 'reasons: share of the commonest shape',
        target: `≤ ${100 * TARGET_SHARE}%`,
        value: shares.join(', '),
        command: '`npm run bench -- reasons`',
      },
      { machine: 'any' },
    ),
  );
}
