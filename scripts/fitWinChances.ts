/**
 * Fits each game's winning-chance curve (core/games/winChances.ts) from self-play and writes it
 * to core/games/<game>/winChanceCurve.ts: `npm run fit:winChances [-- game …] ` (default every
 * game; FIT_MATCHES matches each, default 300, seed 1). The held-back games the unit test checks
 * the curves on use other seeds. Connect Four takes seconds, Othello and checkers a minute or two.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { winChanceSamples } from '#core/games/winChanceSamples.ts';
import { fitWinChances } from '#core/games/winChances.ts';

const MATCHES = Number(process.env.FIT_MATCHES ?? 300);
const games = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : GAME_IDS) as GameId[];

for (const id of games) {
  const started = performance.now();
  const samples = winChanceSamples(id, MATCHES, 1);
  const curve = fitWinChances(samples);
  const file = fileURLToPath(new URL(`../core/games/${id}/winChanceCurve.ts`, import.meta.url));
  writeFileSync(
    file,
    `// Written by \`npm run fit:winChances -- ${id}\` (scripts/fitWinChances.ts) from ${MATCHES} self-play\n` +
      `// matches, ${samples.length} scored moves: the mover's score of its move to its chances.\n` +
      `import type { WinChanceCurve } from '#core/games/winChances.ts';\n\n` +
      `export const WIN_CHANCE_CURVE: WinChanceCurve = {\n` +
      `  scores: [${curve.scores.join(', ')}],\n` +
      `  chances: [${curve.chances.join(', ')}],\n};\n`,
  );
  console.log(
    `${id}: ${samples.length} moves of ${MATCHES} matches, ${curve.scores.length} points, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
