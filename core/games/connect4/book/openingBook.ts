import { ValidationError } from '#core/errors.ts';
import { CELLS, WIDTH } from '#core/games/connect4/bitboard.ts';
import type { Connect4Position } from '#core/games/connect4/position.ts';

/**
 * Exact scores of positions solved ahead of time, keyed by the mirror-canonical position key.
 * Text form (shipped to browsers as a string): `key:score` pairs, key in base 36, joined by ','.
 */
export class OpeningBook {
  private readonly scores = new Map<number, number>();

  /** Reads the text form; throws `ValidationError` on a malformed entry. */
  static decode(data: string): OpeningBook {
    const book = new OpeningBook();
    if (data.length === 0) return book;
    for (const entry of data.split(',')) {
      const [key, score] = entry.split(':');
      const parsedKey = Number.parseInt(key ?? '', 36);
      const parsedScore = Number(score);
      if (!Number.isSafeInteger(parsedKey) || !Number.isInteger(parsedScore)) {
        throw new ValidationError(`Malformed opening book entry "${entry}".`);
      }
      book.scores.set(parsedKey, parsedScore);
    }
    return book;
  }

  /** Number of positions stored. */
  get size(): number {
    return this.scores.size;
  }

  /** Every stored `[canonical key, score]` pair, in no particular order. */
  entries(): IterableIterator<[number, number]> {
    return this.scores.entries();
  }

  /** The exact score of a position (from its mover's side), if stored. */
  get(position: Connect4Position): number | undefined {
    return this.scores.get(position.canonicalKey());
  }

  /** Stores the exact score of a position. */
  set(position: Connect4Position, score: number): void {
    this.scores.set(position.canonicalKey(), score);
  }

  /**
   * Scores of every column of `position` from the book (index 0 = column 1, null when
   * unplayable), or null unless every playable column is a win at once or a stored child.
   */
  columnScores(position: Connect4Position): (number | null)[] | null {
    const scores: (number | null)[] = [];
    for (let column = 1; column <= WIDTH; column++) {
      if (!position.canPlay(column)) scores.push(null);
      else if (position.isWinningMove(column))
        scores.push(((CELLS + 1 - position.nbMoves) / 2) | 0);
      else {
        position.play(column);
        const child = position.outcome().status === 'draw' ? 0 : this.get(position);
        position.undo();
        if (child === undefined) return null;
        scores.push(0 - child);
      }
    }
    return scores;
  }

  /** The text form, entries sorted by key so the file diffs well. */
  encode(): string {
    return [...this.scores.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([key, score]) => `${key.toString(36)}:${score}`)
      .join(',');
  }
}
