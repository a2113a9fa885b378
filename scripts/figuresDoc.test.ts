/**
 * docs/FIGURES.md is a set of tables whose every row is a figure with its target, value, command,
 * machine and date; each command names a bench, script or file that exists, every bench in
 * bench/ has a row, and a bench a row names prints that row (figureRowReport with the row's
 * figure), so a bench renamed or added without its figure, or a figure renamed on one side only,
 * fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The figures `source` passes to figureRowReport, read from its syntax tree: every string in the
 * `figure` property's expression (both sides of a `?:`), a template's `${…}` standing for any text.
 */
function reportedFigures(source: string): RegExp[] {
  const file = ts.createSourceFile('bench.ts', source, ts.ScriptTarget.Latest, true);
  const figures: RegExp[] = [];
  const strings = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      figures.push(new RegExp(`^${escapeRegExp(node.text)}$`));
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      figures.push(new RegExp(`^${parts.map(escapeRegExp).join('.+')}$`));
    } else ts.forEachChild(node, strings);
  };
  const visit = (node: ts.Node): void => {
    const [measured] = ts.isCallExpression(node) ? node.arguments : [];
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(file) === 'figureRowReport' &&
      measured !== undefined &&
      ts.isObjectLiteralExpression(measured)
    ) {
      for (const property of measured.properties) {
        if (ts.isPropertyAssignment(property) && property.name.getText(file) === 'figure')
          strings(property.initializer);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return figures;
}

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

  it('has every bench a row names print that row through figureRowReport', () => {
    const missing = rows.flatMap(({ figure, command }) =>
      benchWords(command)
        .filter((bench) => {
          const source = readFileSync(join(root, 'bench', `${bench}.bench.ts`), 'utf8');
          return !reportedFigures(source).some((printed) => printed.test(figure));
        })
        .map((bench) => `${bench}: ${figure}`),
    );
    expect(missing).toEqual([]);
  });

  it('reads the figures a bench prints, a template standing for its text', () => {
    const source = [
      "figureRowReport({ figure: 'a', value });",
      `figureRowReport({ figure: grown ? "b" : \`c of \${count} d\`, value });`,
      "const other = { figure: 'e' };",
    ].join('\n');
    const printed = reportedFigures(source);
    const reads = (figure: string) => printed.some((each) => each.test(figure));
    expect(['a', 'b', 'c of 1,000 d'].map(reads)).toEqual([true, true, true]);
    expect(['e', 'c of  d', 'ab'].map(reads)).toEqual([false, false, false]);
  });

  it('has a row for every bench in bench/', () => {
    const measured = new Set(rows.flatMap((row) => benchWords(row.command)));
    expect(benches.filter((bench) => !measured.has(bench))).toEqual([]);
  });
});
