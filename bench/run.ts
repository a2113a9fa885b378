/**
 * `npm run bench`: runs every `bench/*.bench.ts` in name order (or only those whose name contains
 * one of the words given on the command line). Each exports a default async function that prints
 * its figures; nothing here asserts on time. One exporting `runOnlyWhenNamed` (the soak) runs only
 * when a word names it.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
  .sort();

for (const file of files) {
  console.log(`\n== ${file.replace('.bench.ts', '')} ==`);
  const module = (await import(pathToFileURL(`${benchDir}${file}`).href)) as {
    default: () => Promise<void>;
    runOnlyWhenNamed?: boolean;
  };
  if (module.runOnlyWhenNamed && filters.length === 0) {
    console.log('(runs only when named, e.g. `npm run bench -- soak`)');
    continue;
  }
  await module.default();
}
