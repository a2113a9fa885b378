import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { matchListQuerySchema } from '#core/protocol/matches.ts';
import { toErrorResponse } from './errors.ts';

function thrownBy(parse: () => unknown): unknown {
  try {
    parse();
  } catch (error) {
    return error;
  }
  throw new Error('expected the parse to throw');
}

describe('toErrorResponse', () => {
  it('answers 400 with the issues for a zod/mini schema (core/protocol) as for full zod', () => {
    const mini = toErrorResponse(thrownBy(() => matchListQuerySchema.parse({ limit: '500' })));
    expect(mini.status).toBe(400);
    expect(mini.body.error).toBe('Invalid request');
    expect(mini.body.issues).toHaveLength(1);
    expect(mini.body.issues?.[0]?.path).toBe('limit');

    const full = toErrorResponse(thrownBy(() => z.object({ count: z.number() }).parse({})));
    expect(full.status).toBe(400);
    expect(full.body.issues?.[0]?.path).toBe('count');
  });

  it('keeps the match list query rules: a number from 1 to 100, 20 when absent', () => {
    expect(matchListQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(matchListQuerySchema.parse({ status: 'live', limit: '7' })).toEqual({
      status: 'live',
      limit: 7,
    });
    for (const limit of ['0', '101', '2.5', 'ten']) {
      expect(matchListQuerySchema.safeParse({ limit }).success, limit).toBe(false);
    }
    expect(matchListQuerySchema.safeParse({ status: 'cancelled' }).success).toBe(false);
  });
});
