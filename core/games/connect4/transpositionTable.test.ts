import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TranspositionTable } from './transpositionTable.ts';

const KEY_LIMIT = 2 ** 49;

/** The solver's view of a 49-bit key: its slot and its low 32 bits. */
function address(table: TranspositionTable, key: number): { slot: number; partialKey: number } {
  const lo = key % 2 ** 28;
  const hi = Math.floor(key / 2 ** 28);
  return { slot: table.slotOf(hi, lo), partialKey: lo | (hi << 28) };
}

function put(table: TranspositionTable, key: number, value: number): void {
  const { slot, partialKey } = address(table, key);
  table.put(slot, partialKey, value);
}

function get(table: TranspositionTable, key: number): number {
  const { slot, partialKey } = address(table, key);
  return table.get(slot, partialKey);
}

// 2^24 slots and up pack an entry in one word; below, two words a slot
const layouts = [
  ['two words a slot', new TranspositionTable(17)],
  ['one packed word a slot', new TranspositionTable(24)],
] as const;

describe.each(layouts)('TranspositionTable, %s', (_, table) => {
  it('puts every key in its slot, key mod size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: KEY_LIMIT - 1 }), (key) => {
        expect(address(table, key).slot).toBe(key % table.size);
      }),
    );
  });

  it('returns what was stored, and nothing for another key sharing the slot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: KEY_LIMIT - 1 }),
        fc.integer({ min: 1, max: 127 }),
        // multiples of 2^23 and 2^24 keep the low key bits too: storing fewer would collide
        fc.oneof(fc.integer({ min: 1, max: 2 ** 26 }), fc.constantFrom(2 ** 23, 2 ** 24)),
        (key, value, multiple) => {
          table.reset();
          put(table, key, value);
          expect(get(table, key)).toBe(value);
          // another key in the same slot: the stored bits must tell them apart (no false hit)
          const step = multiple * table.size;
          const other = key + step < KEY_LIMIT ? key + step : key - step;
          if (other >= 0) expect(get(table, other)).toBe(0);
        },
      ),
    );
  });

  it('forgets everything on reset, after a few writes and after more than its log holds', () => {
    for (const count of [3, (table.size >>> 8) + 10]) {
      table.reset();
      const keys = Array.from({ length: count }, (_, i) => i * 7_919 + 1);
      for (const key of keys) put(table, key, 5);
      expect(keys.every((key) => get(table, key) === 5)).toBe(true);
      table.reset();
      expect(keys.filter((key) => get(table, key) !== 0)).toEqual([]);
    }
  });

  it('clears an entry whose key is 0', () => {
    table.reset();
    put(table, 0, 9);
    expect(get(table, 0)).toBe(9);
    table.reset();
    expect(get(table, 0)).toBe(0);
  });
});

describe('TranspositionTable sizes', () => {
  it('rejects sizes outside 2^17..2^28', () => {
    expect(() => new TranspositionTable(16)).toThrow(RangeError);
    expect(() => new TranspositionTable(29)).toThrow(RangeError);
    expect(() => new TranspositionTable(20.5)).toThrow(RangeError);
  });
});
