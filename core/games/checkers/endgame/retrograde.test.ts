import { beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import { solveByGraph } from './graphSolve.ts';
import { buildEndgameTables } from './retrograde.ts';
import { Slice } from './slice.ts';
import { decodeEndgameTables, encodeEndgameTables } from './tableFile.ts';
import { type EndgameTables, isWin, materialsOf } from './tables.ts';

/** A loss for the side to move: a value neither a draw (0) nor a win. */
const isLoss = (value: number) => value !== 0 && !isWin(value);

const bits = (squares: readonly number[]) => squares.reduce((all, s) => all | (1 << (s - 1)), 0);

describe('checkers endgame tables of up to three pieces', () => {
  let tables: EndgameTables;
  beforeAll(() => {
    tables = buildEndgameTables(3);
  });

  it('agree with a solve of the whole reachable graph at random positions, draws included', () => {
    const random = createRandom(49);
    const seen = { win: 0, loss: 0, draw: 0 };
    // two-sided materials only: a lone side's positions are one ply from the end
    const materials = [...materialsOf(2), ...materialsOf(3)].filter(
      (m) => m.darkMen + m.darkKings > 0 && m.lightMen + m.lightKings > 0,
    );
    for (let sample = 0; sample < 16; sample++) {
      const slice = new Slice(materials[Math.floor(random() * materials.length)]!);
      const p = slice.unrank(Math.floor(random() * slice.size));
      const side = random() < 0.5 ? 0 : 1;
      const dark = p.darkMen | p.darkKings;
      const light = p.lightMen | p.lightKings;
      const kings = p.darkKings | p.lightKings;
      const value = tables.probe(dark, light, kings, side);
      expect(value).toBe(solveByGraph(dark, light, kings, side));
      seen[isWin(value) ? 'win' : isLoss(value) ? 'loss' : 'draw']++;
    }
    // the sample reached all three kinds of value
    expect(Math.min(seen.win, seen.loss, seen.draw)).toBeGreaterThan(0);
  });

  it('know the classic small endings', () => {
    const kingsOf = (dark: number[], light: number[]) => bits([...dark, ...light]);
    // two kings against one win wherever no capture is due; one king against one draws
    expect(isWin(tables.probe(bits([1, 5]), bits([28]), kingsOf([1, 5], [28]), 0))).toBe(true);
    expect(isLoss(tables.probe(bits([1, 5]), bits([28]), kingsOf([1, 5], [28]), 1))).toBe(true);
    expect(tables.probe(bits([1]), bits([32]), kingsOf([1], [32]), 0)).toBe(0);
    // the side to move without pieces has lost, no move left
    expect(tables.probe(bits([1]), 0, 0, 1)).toBe(1);
    expect(tables.probe(bits([1, 2, 3, 4]), bits([32]), 0, 0)).toBe(-1);
  });

  it('read back from their file byte for byte', () => {
    const bytes = encodeEndgameTables(tables);
    const again = decodeEndgameTables(bytes);
    expect(Buffer.compare(encodeEndgameTables(again), bytes)).toBe(0);
    expect(() => decodeEndgameTables(bytes.subarray(0, bytes.length - 1))).toThrow(/wrong length/);
  });
});
