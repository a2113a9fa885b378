/**
 * docs/FIGURES.md is a set of tables whose every row is a figure with its target, value, command,
 * machine and date; each command names a bench, script or file that exists, and every bench in
 * bench/ has a row, so a bench renamed or added without its figure fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const COLUMNS = ['figure', 'target', 'value', 'command', 'machine', 'date'] as const;
const MACHINES = /^(fast|slow|quiet|busy|any|none)\b/;

type FigureRow = Record<(typeof COLUMNS)[number], string>;

/** The cells of a Markdown table line, `\|` kept inside its cell. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** Every row of every table in the file; "the same" takes the command of the row above. */
function figureRows(markdown: string): FigureRow[] {
  const rows: FigureRow[] = [];
  let header: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      header = undefined;
      continue;
    }
    const row = cells(line);
    if (header === undefined) {
      header = row;
      expect(header).toEqual(COLUMNS);
      continue;
    }
    if (row.every((cell) => /^-+$/.test(cell))) continue;
    expect(row, line).toHaveLength(COLUMNS.length);
    const entry = Object.fromEntries(COLUMNS.map((column, index) => [column, row[index] ?? '']));
    if (entry.command === 'the same') entry.command = rows.at(-1)?.command ?? '';
    rows.push(entry as FigureRow);
  }
  return rows;
}

const rows = figureRows(readFileSync(join(root, 'docs/FIGURES.md'), 'utf8'));
const benches = readdirSync(join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .map((name) => name.replace('.bench.ts', ''));
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);

describe('docs/FIGURES.md', () => {
  it('holds figures, each row complete with a machine and a date', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(
        Object.values(row).filter((cell) => cell === ''),
        row.figure,
      ).toEqual([]);
      expect(row.machine, row.figure).toMatch(MACHINES);
      expect(row.date, row.figure).toMatch(/^(\d{4}-\d{2}-\d{2}|none)$/);
    }
  });

  it('names in each command a bench, npm script or file that exists', () => {
    for (const { figure, command } of rows) {
      const benchWords = [...command.matchAll(/bench -- (\w+)/g)].map((match) => match[1] ?? '');
      for (const word of benchWords) {
        expect(
          benches.filter((bench) => bench.includes(word)),
          figure,
        ).not.toEqual([]);
      }
      const npmScripts = [...command.matchAll(/npm run(?: -s)? ([\w:]+)/g)].map((m) => m[1]);
      for (const script of npmScripts) expect(scripts, figure).toContain(script);
      const files = [
        ...command.matchAll(/(?:^|[\s`])((?:server|tests|scripts|bench|\.ci)\/[\w./-]+)/g),
      ];
      for (const [, file] of files) expect(existsSync(join(root, file ?? '')), file).toBe(true);
      expect(benchWords.length + npmScripts.length + files.length, figure).toBeGreaterThan(0);
    }
  });

  it('has a row for every bench in bench/', () => {
    const measured = new Set(
      rows.flatMap((row) => [...row.command.matchAll(/bench -- (\w+)/g)].map((m) => m[1])),
    );
    expect(benches.filter((bench) => !measured.has(bench))).toEqual([]);
  });
});
