/**
 * docs/FIGURES.md is a set of tables whose every row is a figure with its target, value, command,
 * machine and date; each command names a bench, script or file that exists, and every bench in
 * bench/ has a row, so a bench renamed or added without its figure fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIGURES_PATH, figureRows } from './figuresTable.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const rows = figureRows(readFileSync(FIGURES_PATH, 'utf8'));
const benches = readdirSync(join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .map((name) => name.replace('.bench.ts', ''));
const npmScripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);
const benchWords = (command: string) =>
  [...command.matchAll(/bench -- (\w+)/g)].map((match) => match[1] ?? '');

describe('docs/FIGURES.md', () => {
  it('holds figures, each row complete with a machine and a date', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(
        Object.values(row).filter((cell) => cell === ''),
        row.figure,
      ).toEqual([]);
      expect(row.machine, row.figure).toMatch(/^(fast|slow|quiet|busy|any|none)\b/);
      expect(row.date, row.figure).toMatch(/^(\d{4}-\d{2}-\d{2}|none)$/);
    }
  });

  it('names in each command a bench, npm script or file that exists', () => {
    for (const { figure, command } of rows) {
      const words = benchWords(command);
      for (const word of words) {
        expect(
          benches.filter((bench) => bench.includes(word)),
          figure,
        ).not.toEqual([]);
      }
      const scripts = [...command.matchAll(/npm run(?: -s)? ([\w:]+)/g)].map((match) => match[1]);
      for (const script of scripts) expect(npmScripts, figure).toContain(script);
      const files = [
        ...command.matchAll(/(?:^|[\s`])((?:server|tests|scripts|bench|\.ci)\/[\w./-]+)/g),
      ].map((match) => match[1] ?? '');
      for (const file of files) expect(existsSync(join(root, file)), file).toBe(true);
      expect(words.length + scripts.length + files.length, figure).toBeGreaterThan(0);
    }
  });

  it('has a row for every bench in bench/', () => {
    const measured = new Set(rows.flatMap((row) => benchWords(row.command)));
    expect(benches.filter((bench) => !measured.has(bench))).toEqual([]);
  });
});
