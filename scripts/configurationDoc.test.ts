import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '#server/config.ts';
import { CONFIGURATION_DOC_PATH, configurationDoc } from './configurationDoc.ts';

describe('docs/CONFIGURATION.md', () => {
  it('is what `npm run docs:config` writes from server/config.ts', () => {
    expect(readFileSync(CONFIGURATION_DOC_PATH, 'utf8')).toBe(configurationDoc());
  });

  it('has a row with its default for every variable the server reads', () => {
    const doc = configurationDoc();
    for (const name of Object.keys(envSchema.shape)) {
      expect(doc, name).toMatch(new RegExp(`^\\| \`${name}\` +\\| \\S`, 'm'));
    }
    expect(doc).toMatch(/^\| `PORT` +\| `8080` +\| 1 to 65535 +\| HTTP port +\|$/m);
  });
});
