import { writeFileSync } from 'node:fs';
import { createRandom } from '#core/agents/random.ts';
import { solveByGraph } from '#core/games/checkers/endgame/graphSolve.ts';
import { buildEndgameTables } from '#core/games/checkers/endgame/retrograde.ts';
import { Slice } from '#core/games/checkers/endgame/slice.ts';
import { encodeEndgameTables } from '#core/games/checkers/endgame/tableFile.ts';
import { materialsOf } from '#core/games/checkers/endgame/tables.ts';

// Board configurations of n pieces before the side to move (men never on their crown row).
const PUBLISHED = [120, 6_972, 261_224, 7_092_774, 148_688_232];

/**
 * `npx tsx scripts/checkersEndgame.ts [pieces] [file]`: checks the index's counts against the
 * published ones, builds the tables of up to `pieces` (4 by default), prints the build time and
 * size, checks random entries of the largest material count against a whole-graph solve sharing
 * none of their code, and writes the file when asked (the server builds its own on first boot).
 */
function main() {
  const pieces = Number(process.argv[2] ?? 4);
  for (let n = 1; n <= pieces; n++) {
    const count = materialsOf(n).reduce((sum, m) => sum + new Slice(m).size, 0);
    const ok = count === PUBLISHED[n - 1];
    console.log(`${n} pieces: ${count.toLocaleString('en')} configurations ${ok ? 'ok' : 'WRONG'}`);
    if (!ok) process.exitCode = 1;
  }
  const started = performance.now();
  const tables = buildEndgameTables(pieces);
  const seconds = (performance.now() - started) / 1000;
  const bytes = encodeEndgameTables(tables);
  console.log(`built in ${seconds.toFixed(1)} s, ${(bytes.length / 1e6).toFixed(1)} MB`);

  const random = createRandom(4_900 + pieces);
  const materials = materialsOf(pieces).filter(
    (m) => m.darkMen + m.darkKings > 0 && m.lightMen + m.lightKings > 0,
  );
  const samples = Number(process.env.SAMPLES ?? 40);
  let agreed = 0;
  for (let i = 0; i < samples; i++) {
    const slice = new Slice(materials[Math.floor(random() * materials.length)]!);
    const p = slice.unrank(Math.floor(random() * slice.size));
    const side = random() < 0.5 ? 0 : 1;
    const args = [p.darkMen | p.darkKings, p.lightMen | p.lightKings, p.darkKings | p.lightKings];
    const [dark, light, kings] = args as [number, number, number];
    const value = tables.probe(dark, light, kings, side);
    const proven = solveByGraph(dark, light, kings, side);
    if (value === proven) agreed++;
    else console.log(`disagree at ${args.join(',')} side ${side}: ${value} against ${proven}`);
  }
  console.log(`${agreed} of ${samples} random ${pieces}-piece entries agree with the graph solve`);
  if (agreed !== samples) process.exitCode = 1;
  if (process.argv[3]) writeFileSync(process.argv[3], bytes);
}

main();
