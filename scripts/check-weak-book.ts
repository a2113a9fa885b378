/**
 * `npx tsx scripts/check-weak-book.ts [--shard 0/1] [--table 24]`
 *
 * Re-proves every entry of the win/draw/loss book on its own, each position with a fresh solver
 * table (nothing carried over from the build or from another entry): a win's column leaves the
 * opponent lost, a draw's column leaves a draw and no column wins, and in a lost position every
 * column loses. Prints a line per position and a summary; exit code 1 if any entry is wrong.
 * `--shard i/n` checks every n-th entry from the i-th, so n processes can share the work.
 */
import { parseArgs } from 'node:util';
import { WeakBook } from '#core/games/connect4/book/weakBook.ts';
import { WEAK_BOOK_DATA } from '#core/games/connect4/book/weakBookData.ts';
import { createSolver } from '#core/games/connect4/exactSolver.ts';
import { movesOfKey } from '#core/games/connect4/movesOfKey.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';

const { values } = parseArgs({
  options: { shard: { type: 'string', default: '0/1' }, table: { type: 'string', default: '24' } },
});
const [shard, shards] = (values.shard ?? '0/1').split('/').map(Number) as [number, number];
const solver = createSolver({ log2TableSize: Number(values.table) });
const book = WeakBook.decode(WEAK_BOOK_DATA);
const positions = [...book.entries()]
  .map(([key]) => Connect4Position.fromMoves(movesOfKey(key)!))
  .sort((a, b) => a.nbMoves - b.nbMoves || a.moves.localeCompare(b.moves))
  .filter((_, index) => index % shards === shard);

/** The child after `column` scores at most `bound` for its mover (a full board scores 0). */
function childAtMost(position: Connect4Position, column: number, bound: number): boolean {
  const child = position.clone().play(column);
  return child.outcome().status === 'draw' ? 0 <= bound : solver.isAtMost(child, bound);
}

/** Whether the stored value and column hold, proved from scratch. */
function holds(position: Connect4Position): boolean {
  const { value, column } = book.get(position)!;
  const others = position.legalMoves().filter((move) => !position.isWinningMove(move));
  if (value === 1) return position.isWinningMove(column) || childAtMost(position, column, -1);
  if (others.length < position.legalMoves().length) return false;
  if (value === 0) {
    return (
      childAtMost(position, column, 0) && others.every((move) => !childAtMost(position, move, -1))
    );
  }
  return others.every((move) => !childAtMost(position, move, 0));
}

const started = performance.now();
let wrong = 0;
for (const [index, position] of positions.entries()) {
  const before = performance.now();
  solver.resetTable();
  solver.resetNodes();
  const ok = holds(position);
  if (!ok) wrong++;
  const { value, column } = book.get(position)!;
  const seconds = ((performance.now() - before) / 1000).toFixed(1);
  console.log(
    `${index + 1}/${positions.length} ${position.moves || '(start)'} ${'ldw'[value + 1]}${column} ` +
      `${ok ? 'holds' : 'WRONG'} ${(solver.nodes / 1e6).toFixed(1)} M nodes ${seconds} s`,
  );
}
const minutes = ((performance.now() - started) / 60000).toFixed(1);
console.log(`${positions.length} entries checked, ${wrong} wrong, ${minutes} min`);
process.exitCode = wrong === 0 ? 0 : 1;
