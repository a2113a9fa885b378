/**
 * `npm run -s perft -- <game> <depth>`: prints `<depth> <leaf count>`, the number of move
 * sequences of exactly `depth` plies from the game's start (a pass is a move, a multi-jump one
 * move), counted by the game's own fast move generator. Exit code 2 on bad arguments.
 */
import { GAME_IDS, isGameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';

const [game = '', depthText = ''] = process.argv.slice(2);
const depth = Number(depthText);
if (!isGameId(game) || !Number.isInteger(depth) || depth < 0 || depth > 30) {
  process.stderr.write(`usage: npm run -s perft -- <${GAME_IDS.join('|')}> <depth 0..30>\n`);
  process.exit(2);
}
process.stdout.write(`${depth} ${gameOf(game).perft(depth)}\n`);
