import { describe, expect, it } from 'vitest';
import {
  figureNumber,
  figureRange,
  figureRowReport,
  figureRows,
  machineNow,
} from './figuresTable.ts';

const HEADER =
  '| figure | target | value | command | machine | date |\n| --- | --- | --- | --- | --- | --- |';
const FIGURES = `# Figures\n\n${HEADER}\n| first load | ≤ 120 KB | 119.8 KB | \`npm run bench -- size\` | any | 2026-12-06 |\n| all chunks | none | 1,166 KB | the same | any | 2026-12-06 |\n`;

describe('figureRows', () => {
  it('reads every row, "the same" taking the command above', () => {
    const rows = figureRows(FIGURES);
    expect(rows.map((row) => [row.figure, row.command])).toEqual([
      ['first load', '`npm run bench -- size`'],
      ['all chunks', '`npm run bench -- size`'],
    ]);
  });

  it('refuses a table with other columns, and a row with a cell missing', () => {
    expect(() => figureRows('| figure | value |\n| --- | --- |\n| a | b |')).toThrow(/header/);
    expect(() => figureRows(`${HEADER}\n| a | b | c | d | e |`)).toThrow(/a row of 5/);
  });
});

describe('figureRowReport', () => {
  const measured = { figure: 'first load', target: '≤ 120 KB', command: '`npm run bench -- size`' };
  const options = { machine: 'any', now: new Date('2026-12-07T10:00:00Z'), markdown: FIGURES };

  it('prints the row with the date, and says when the documented value is the same', () => {
    expect(figureRowReport({ ...measured, value: '119.8 KB' }, options)).toBe(
      'FIGURES.md row: | first load | ≤ 120 KB | 119.8 KB | `npm run bench -- size` | any | 2026-12-07 |\n  docs/FIGURES.md has the same value',
    );
  });

  it('names the documented value and its date when the figure moved', () => {
    expect(figureRowReport({ ...measured, value: '121.0 KB' }, options)).toMatch(
      /says 119\.8 KB \(2026-12-06\): update the row$/,
    );
    expect(figureRowReport({ ...measured, figure: 'new', value: '1 KB' }, options)).toMatch(
      /has no row for it yet$/,
    );
  });

  it('names the machine by its load average', () => {
    expect([machineNow(0.4), machineNow(2.4), machineNow(11.6)]).toEqual([
      'quiet',
      'busy 2',
      'busy 12',
    ]);
  });
});

describe('figureNumber and figureRange', () => {
  it('write numbers as FIGURES.md does, a range only where the ends differ', () => {
    expect([figureNumber(18_391_564), figureNumber(0.4, 2), figureNumber(1_061.4)]).toEqual([
      '18,391,564',
      '0.40',
      '1,061',
    ]);
    expect([figureRange([2_018, 1_865, 1_942]), figureRange([52.31, 52.34], 1)]).toEqual([
      '1,865–2,018',
      '52.3',
    ]);
  });
});
