import { ValidationError } from '#core/errors.ts';
import { WIDTH } from '#core/games/connect4/bitboard.ts';
import type { Connect4Position } from '#core/games/connect4/position.ts';

/** Win, draw or loss for the side to move, as the weak solver gives it. */
export type WeakValue = -1 | 0 | 1;

/** A book move: the position's weak value and a column that keeps it. */
export interface WeakBookMove {
  value: WeakValue;
  /** 1..7, as seen from the position asked about (mirrored back when stored the other way). */
  column: number;
}

const LETTER_OF_VALUE = { '1': 'w', '0': 'd', '-1': 'l' } as const;
const VALUE_OF_LETTER: Readonly<Record<string, WeakValue>> = { w: 1, d: 0, l: -1 };

/**
 * A win/draw/loss book: for positions where the book's owner is to move, the value and a column
 * that keeps it (in a lost position, the column the builder judged the stiffest resistance).
 * Keyed by the mirror-canonical key; the column is stored for the orientation of that key.
 * Text form: `key:<w|d|l><column>` pairs, key in base 36, joined by ','.
 */
export class WeakBook {
  private readonly moves = new Map<number, { value: WeakValue; column: number }>();

  /** Reads the text form; throws `ValidationError` on a malformed entry. */
  static decode(data: string): WeakBook {
    const book = new WeakBook();
    if (data.length === 0) return book;
    for (const entry of data.split(',')) {
      const match = /^([0-9a-z]+):([wdl])([1-7])$/.exec(entry);
      const key = match ? Number.parseInt(match[1]!, 36) : Number.NaN;
      if (!match || !Number.isSafeInteger(key)) {
        throw new ValidationError(`Malformed weak book entry "${entry}".`);
      }
      book.moves.set(key, { value: VALUE_OF_LETTER[match[2]!]!, column: Number(match[3]) });
    }
    return book;
  }

  /** Number of positions stored. */
  get size(): number {
    return this.moves.size;
  }

  /** Every stored `[canonical key, entry]` pair, the column as stored for that key. */
  entries(): IterableIterator<[number, WeakBookMove]> {
    return this.moves.entries();
  }

  /** The stored value and column of a position, oriented to it; undefined when not stored. */
  get(position: Connect4Position): WeakBookMove | undefined {
    const key = position.key();
    const canonical = position.canonicalKey();
    const stored = this.moves.get(canonical);
    if (stored === undefined) return undefined;
    // stored for the mirror image: column c there is column 8 - c here
    const column = key === canonical ? stored.column : WIDTH + 1 - stored.column;
    return { value: stored.value, column };
  }

  /** Stores a position's value and the column (1..7, as seen from `position`) that keeps it. */
  set(position: Connect4Position, move: WeakBookMove): void {
    if (!position.canPlay(move.column)) {
      throw new ValidationError(`Column ${move.column} cannot be played in "${position.moves}".`);
    }
    const canonical = position.canonicalKey();
    const column = position.key() === canonical ? move.column : WIDTH + 1 - move.column;
    this.moves.set(canonical, { value: move.value, column });
  }

  /** The text form, entries sorted by key so the file diffs well. */
  encode(): string {
    return [...this.moves.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([key, { value, column }]) => `${key.toString(36)}:${LETTER_OF_VALUE[value]}${column}`)
      .join(',');
  }
}
