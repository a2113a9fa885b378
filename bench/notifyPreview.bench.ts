/**
 * A link preview's render time (issue 48): the 1200×630 PNG of each game's board as a long match
 * leaves it, drawn from its SVG by resvg on libuv's threads (server/modules/previews). Each render
 * is of a picture not cached yet; a cached one (the same page at the same position) is a map read.
 * Runs with `npm run bench -- notify`. Prints figures; asserts nothing.
 */

import { GAME_IDS } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { previewSvg } from '#core/site/previewSvg.ts';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { PreviewRenderer } from '#server/modules/previews/previewRenderer.ts';
import { figureGameName } from './support/figureGameName.ts';

const RENDERS = 20;

/** A position well into the game: the first legal move, ply after ply, until `plies` or the end. */
function midGame(id: (typeof GAME_IDS)[number], plies: number) {
  const game = gameOf(id);
  let state = game.initial();
  for (let ply = 0; ply < plies; ply++) {
    const moves = game.legalMoves(state);
    if (moves.length === 0) break;
    state = game.play(state, moves[ply % moves.length]!);
  }
  return { name: game.name, picture: game.picture(state) };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** A cached render's time: tenths of a millisecond below one, whole ones above. */
const cachedText = (ms: number) => ms.toFixed(ms < 1 ? 1 : 0);

export default async function previewBench(): Promise<void> {
  const renderer = new PreviewRenderer(RENDERS * GAME_IDS.length + 1);
  const renders: string[] = [];
  const cached: number[] = [];
  for (const id of GAME_IDS) {
    const { name, picture } = midGame(id, 30);
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RENDERS; run++) {
      // A different heading each run: a picture the cache has not seen.
      const svg = previewSvg({
        kicker: name,
        heading: [`Agent ${run}`, 'vs Agent Smith'],
        lines: ['Live now, move 31'],
        board: picture,
      });
      const started = performance.now();
      bytes = (await renderer.png(`${id}:${run}`, svg)).length;
      times.push(performance.now() - started);
    }
    const started = performance.now();
    const again = previewSvg({
      kicker: name,
      heading: ['Agent 0', 'vs Agent Smith'],
      lines: ['Live now, move 31'],
      board: picture,
    });
    await renderer.png(`${id}:0`, again);
    const cachedMs = performance.now() - started;
    renders.push(
      `${figureGameName(id)} ${median(times).toFixed(1)} / ${Math.max(...times).toFixed(1)} ms`,
    );
    cached.push(cachedMs);
    console.log(
      `preview ${id.padEnd(8)} render median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms` +
        ` (${RENDERS} renders, ${(bytes / 1024).toFixed(0)} KB PNG); cached ${cachedMs.toFixed(2)} ms`,
    );
  }
  const [fastest, slowest] = [cachedText(Math.min(...cached)), cachedText(Math.max(...cached))];
  console.log(
    figureRowReport({
      figure: "a preview's PNG render from its SVG, median / max",
      target: 'none',
      value: `${renders.join(', ')}; a cached one ${fastest === slowest ? fastest : `${fastest}–${slowest}`} ms`,
      command: '`npm run bench -- notifyPreview`',
    }),
  );
}
