import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseAnswer } from './parseAnswer.ts';

const schema = z.object({ items: z.array(z.number()) });

describe('parseAnswer', () => {
  it('answers what the schema parsed', async () => {
    await expect(parseAnswer(schema, { items: [1, 2], extra: true })).resolves.toEqual({
      items: [1, 2],
    });
  });

  it("throws a mismatch with zod's English messages, which zod/mini alone does not have", async () => {
    const failure = await parseAnswer(schema, { items: ['one'] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(z.core.$ZodError);
    expect((failure as z.core.$ZodError).issues[0]?.message).toBe(
      'Invalid input: expected number, received string',
    );
  });

  it('throws what is not a mismatch as it is', async () => {
    const broken = {
      parse: () => {
        throw new TypeError('not a schema');
      },
    };
    await expect(parseAnswer(broken, {})).rejects.toThrow(TypeError);
  });
});
