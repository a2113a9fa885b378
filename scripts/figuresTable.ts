/**
 * docs/FIGURES.md as data: every table there has the columns figure, target, value, command,
 * machine and date. The docs' test reads the rows to check them; a bench prints the row it has
 * just measured beside the documented one, so a figure that moved shows in the bench's output.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The columns of every table in docs/FIGURES.md, in order. */
export const FIGURE_COLUMNS = ['figure', 'target', 'value', 'command', 'machine', 'date'] as const;

/** One row of docs/FIGURES.md; "the same" in `command` is already replaced by the row above's. */
export type FigureRow = Record<(typeof FIGURE_COLUMNS)[number], string>;

/** Where the figures live. */
export const FIGURES_PATH = fileURLToPath(new URL('../docs/FIGURES.md', import.meta.url));

/** The cells of a Markdown table line, an escaped `\|` kept inside its cell. */
function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/**
 * Every row of every table in `markdown`. Throws on a table whose header is not FIGURE_COLUMNS
 * or a row with another number of cells, naming the line.
 */
export function figureRows(markdown: string): FigureRow[] {
  const rows: FigureRow[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = tableCells(line);
    if (!inTable) {
      inTable = true;
      if (cells.join('|') !== FIGURE_COLUMNS.join('|')) {
        throw new Error(`a table's header is not ${FIGURE_COLUMNS.join(' | ')}: ${line}`);
      }
      continue;
    }
    if (cells.every((cell) => /^-+$/.test(cell))) continue;
    if (cells.length !== FIGURE_COLUMNS.length)
      throw new Error(`a row of ${cells.length}: ${line}`);
    const [figure = '', target = '', value = '', command = '', machine = '', date = ''] = cells;
    const sameCommand = command === 'the same' ? (rows.at(-1)?.command ?? '') : command;
    rows.push({ figure, target, value, command: sameCommand, machine, date });
  }
  return rows;
}

/** A number as FIGURES.md writes it: thousands separated by commas, `digits` after the point. */
export function figureNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Numbers as FIGURES.md writes their range (`1,865–2,018`), or one number when they read alike. */
export function figureRange(values: readonly number[], digits = 0): string {
  const low = figureNumber(Math.min(...values), digits);
  const high = figureNumber(Math.max(...values), digits);
  return low === high ? low : `${low}–${high}`;
}

/** `quiet` or `busy N`, as FIGURES.md names a machine by its load average over the last minute. */
export function machineNow(loadAverage = loadavg()[0] ?? 0): string {
  return loadAverage < 2 ? 'quiet' : `busy ${Math.round(loadAverage)}`;
}

/**
 * The row a bench has just measured, ready for docs/FIGURES.md, with whether the documented value
 * is the same (or that there is no such row yet): what the bench prints after its figures.
 */
export function figureRowReport(
  measured: Omit<FigureRow, 'machine' | 'date'>,
  options: { machine?: string; now?: Date; markdown?: string } = {},
): string {
  const { machine = machineNow(), now = new Date() } = options;
  const markdown = options.markdown ?? readFileSync(FIGURES_PATH, 'utf8');
  const row: FigureRow = { ...measured, machine, date: now.toISOString().slice(0, 10) };
  const documented = figureRows(markdown).find((each) => each.figure === row.figure);
  const line = `| ${FIGURE_COLUMNS.map((column) => row[column]).join(' | ')} |`;
  const status =
    documented === undefined
      ? 'docs/FIGURES.md has no row for it yet'
      : documented.value === row.value
        ? 'docs/FIGURES.md has the same value'
        : `docs/FIGURES.md says ${documented.value} (${documented.date}): update the row`;
  return `FIGURES.md row: ${line}\n  ${status}`;
}
