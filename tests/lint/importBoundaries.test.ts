import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The parts of biome.json this test reads: each override's files and its refused imports. */
interface Override {
  includes: string[];
  linter?: {
    rules?: {
      style?: {
        noRestrictedImports?: {
          options?: { paths?: Record<string, string>; patterns?: { group: string[] }[] };
        };
      };
    };
  };
}

const overrides: Override[] = JSON.parse(
  readFileSync(new URL('../../biome.json', import.meta.url), 'utf8'),
).overrides;

function optionsFor(folder: string) {
  const override = overrides.find((o) => o.includes.includes(`${folder}/**`));
  return override?.linter?.rules?.style?.noRestrictedImports?.options ?? {};
}

function refusedFor(folder: string): string[] {
  return (optionsFor(folder).patterns ?? []).flatMap((p) => p.group);
}

// Biome cannot say "any feature but this one" with a wildcard, so each feature and each server
// module has an override of its own (`npm run lint:boundaries` writes them); a folder added
// without one would import its neighbours freely.
describe('biome.json refuses imports across features and modules', () => {
  for (const [parent, alias] of [
    ['src/features', '#src/features'],
    ['server/modules', '#server/modules'],
  ] as const) {
    for (const name of readdirSync(new URL(`../../${parent}`, import.meta.url))) {
      it(`${parent}/${name} imports no sibling and climbs no folder`, () => {
        const refused = refusedFor(`${parent}/${name}`);
        expect(refused).toContain(`${alias}/**`);
        expect(refused).toContain(`!${alias}/${name}/**`);
        expect(refused).toContain('../**');
      });
    }
  }
});

// A later override replaces an earlier one's options, so each feature's must refuse full zod too.
describe('biome.json keeps full zod out of the browser', () => {
  const features = readdirSync(new URL('../../src/features', import.meta.url)).map(
    (name) => `src/features/${name}`,
  );
  for (const folder of ['core', 'src', 'sw', ...features]) {
    it(`${folder} may import zod/mini, not zod`, () => {
      expect(Object.keys(optionsFor(folder).paths ?? {})).toEqual(['zod']);
    });
  }
});
