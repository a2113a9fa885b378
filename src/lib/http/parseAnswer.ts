import { $ZodError, config, globalConfig } from 'zod/v4/core';

/**
 * Checks a server's answer with its schema. The browser's schemas are zod/mini, which has no
 * messages of its own (full zod installs English ones), so a mismatch first loads zod's English
 * messages, then throws: its issues read as the server's own 400s do, and the first load never
 * carries them.
 */
export async function parseAnswer<T>(
  schema: { parse(input: unknown): T },
  body: unknown,
): Promise<T> {
  try {
    return schema.parse(body);
  } catch (error) {
    if (!(error instanceof $ZodError) || globalConfig.localeError) throw error;
    const { default: english } = await import('zod/v4/locales/en.js');
    config(english());
    return schema.parse(body);
  }
}
