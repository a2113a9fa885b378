/**
 * The docs stay a way in and a map: README and ARCHITECTURE short, no line of them a paragraph,
 * no measured figure repeated outside docs/FIGURES.md, every relative link in the docs
 * resolving, and every file ARCHITECTURE names existing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** README.md, CONTRIBUTING.md, docs/*.md and every folder's README.md. */
function docPaths(): string[] {
  const folderReadmes = [
    'core',
    'src',
    'sw',
    'server',
    'tests',
    'bench',
    'scripts',
    'deploy',
  ].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => path === 'README.md' || path.endsWith('/README.md'))
      .map((path) => `${folder}/${path}`),
  );
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs, ...folderReadmes];
}

/** A number with a unit a bench measures in: `12 ms`, `119.6 KB`, `1,865/s`, `1.25×`, `16%`. */
const MEASURED = /\d[\d,.]*\s?(?:ms|µs|KB|MB|GB|\/s|×|%)(?![\w])/g;

describe('README.md and docs/ARCHITECTURE.md', () => {
  it.each([
    ['README.md', 150],
    ['docs/ARCHITECTURE.md', 300],
  ])('%s stays within %i lines, none over 300 characters', (path, maxLines) => {
    const lines = read(path).trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(maxLines);
    expect(lines.filter((line) => line.length > 300)).toEqual([]);
  });

  it.each(['README.md', 'docs/ARCHITECTURE.md'])('%s repeats no figure of FIGURES.md', (path) => {
    expect(read(path).match(MEASURED) ?? []).toEqual([]);
  });

  it('names only files that exist in ARCHITECTURE.md', () => {
    const named = [
      ...read('docs/ARCHITECTURE.md').matchAll(
        /`((?:core|src|sw|server|tests|bench|scripts|deploy)\/[^`\s<>]+\.(?:ts|tsx|sql|conf|md|c))`/g,
      ),
    ].map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});

describe('links between the docs', () => {
  it.each(docPaths())('every relative link in %s resolves', (path) => {
    const targets = [...read(path).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z]+:/.test(target));
    const broken = targets.filter((target) => !existsSync(join(root, dirname(path), target)));
    expect(broken).toEqual([]);
  });
});
