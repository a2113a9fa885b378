// Writes biome.json's import rules: `npm run lint:boundaries` after adding a feature under
// src/features or a module under server/modules (tests/lint/importBoundaries.test.ts fails until
// then). Biome cannot say "any feature but this one" with a wildcard, so each folder gets its own.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

interface Restriction {
  group: string[];
  message: string;
}

const biomePath = new URL('../biome.json', import.meta.url);
const listed = (folder: string) =>
  readdirSync(new URL(`../${folder}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const climb: Restriction = {
  group: ['../**', '../'],
  message:
    'Say where an import lands, not how far it climbs: a subpath import (#core/..., #src/..., #server/...) for anything outside this folder.',
};
/**
 * What the browser's code may not import by name. Full zod's schemas use every string format of
 * zod's core, one module that cannot be split across chunks, so one lazy page on full zod put all
 * of them in the first load.
 */
const browserPaths = {
  zod: "The browser's schemas are zod/mini: full zod brings all of zod's core, every string format, into the first load.",
};
const rule = (
  includes: string,
  restrictions: Restriction[],
  paths: Record<string, string> | undefined = undefined,
) => ({
  includes: [includes],
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: 'error',
          options: { ...(paths && { paths }), patterns: [climb, ...restrictions] },
        },
      },
    },
  },
});
const ours = ['#src/**', '#server/**', '#sw/**', '#tests/**', '#bench/**', '#scripts/**'];
const coreRules: Restriction[] = [
  {
    group: [...ours, '#vitest.config.ts'],
    message: 'core is pure and imports nothing of ours outside core.',
  },
  {
    group: ['node:*', 'react', 'react-dom', 'fastify', 'pg', '@electric-sql/*'],
    message: 'core runs anywhere: no Node, DOM framework or I/O imports.',
  },
];
const srcRule: Restriction = {
  group: ['#server/**', '#sw/**', '#tests/**', '#bench/**', '#scripts/**', 'node:*'],
  message: 'src imports core only, never server, sw or Node modules.',
};
const swRule: Restriction = {
  group: ['#src/**', '#server/**', '#tests/**', '#bench/**', '#scripts/**', 'node:*', 'react'],
  message: 'sw imports core only.',
};
const serverRule: Restriction = {
  group: ['#src/**', '#sw/**', '#tests/**', '#bench/**', 'react', 'react-dom'],
  message: 'server imports core only, never the browser app.',
};
const noSibling = (alias: string, name: string, message: string): Restriction => ({
  group: [`${alias}/**`, `!${alias}/${name}/**`],
  message,
});

const biome = JSON.parse(readFileSync(biomePath, 'utf8'));
biome.overrides = [
  rule('**', []),
  rule('core/**', coreRules, browserPaths),
  rule('src/**', [srcRule], browserPaths),
  rule('sw/**', [swRule], browserPaths),
  rule('server/**', [serverRule]),
  ...listed('src/features').map((name) =>
    rule(
      `src/features/${name}/**`,
      [
        srcRule,
        noSibling(
          '#src/features',
          name,
          'A feature imports no other feature: move what two share into src/lib or core, or compose them in src/app.',
        ),
      ],
      browserPaths,
    ),
  ),
  ...listed('server/modules').map((name) =>
    rule(`server/modules/${name}/**`, [
      serverRule,
      noSibling(
        '#server/modules',
        name,
        'A module imports no other module: move what two share into server/db, server/events, server/delivery or server/plugins, or compose them in server/app.ts.',
      ),
    ]),
  ),
];
writeFileSync(biomePath, `${JSON.stringify(biome, null, 2)}\n`);
console.log('biome.json: import rules written for every feature and module');
