import { CROWN_ROW, DIRECTIONS, JUMP, jumpers, lowestSquare, STEP } from './squares.ts';
import { SIDE_INDEX, SIDE_LOCK, ZOBRIST_INDEX, ZOBRIST_LOCK } from './zobrist.ts';

/** Dark men on squares 1–12, light men on 21–32, dark to move. */
export const START = { dark: 0x00000fff, light: 0xfff00000 | 0, kings: 0, side: 0 as 0 | 1 };

/** Ints per generated move in a move buffer: from, to, captured squares' bits. */
export const MOVE_INTS = 3;
/** Room for one position's moves; far above any reachable count (the most seen is in the 30s). */
export const MAX_MOVES = 96;

/**
 * A mutable position for the hot loops (perft, search): three 32-bit boards and the side to
 * move, with the Zobrist key kept up to date. Moves go into caller-owned `Int32Array` buffers
 * as (from, to, captured) triples, so generating allocates nothing. A multi-jump is one move;
 * two jumps of the same pieces by different paths are two moves (the paths differ), as in the
 * published perft counts (OEIS A133046).
 */
export class Board {
  dark = START.dark;
  light = START.light;
  kings = 0;
  side: 0 | 1 = 0;
  keyIndex = 0;
  keyLock = 0;

  /** Sets the position and recomputes its key. */
  set(dark: number, light: number, kings: number, side: 0 | 1): this {
    this.dark = dark | 0;
    this.light = light | 0;
    this.kings = kings | 0;
    this.side = side;
    let index = side === 1 ? SIDE_INDEX : 0;
    let lock = side === 1 ? SIDE_LOCK : 0;
    for (let square = 0; square < 32; square++) {
      const kind = this.kindAt(square);
      if (kind < 0) continue;
      index ^= ZOBRIST_INDEX[kind * 32 + square]!;
      lock ^= ZOBRIST_LOCK[kind * 32 + square]!;
    }
    this.keyIndex = index;
    this.keyLock = lock;
    return this;
  }

  /** Piece kind on a square for the Zobrist tables (0 dark man … 3 light king), or -1. */
  kindAt(square: number): number {
    const bit = 1 << square;
    const king = (this.kings & bit) !== 0 ? 1 : 0;
    if (this.dark & bit) return king;
    if (this.light & bit) return 2 + king;
    return -1;
  }

  /**
   * Writes the legal moves at `out[offset…]` and returns how many. Captures are mandatory: when
   * any exists only captures are listed.
   */
  generate(out: Int32Array, offset: number): number {
    const own = this.side === 0 ? this.dark : this.light;
    const enemy = this.side === 0 ? this.light : this.dark;
    const empty = ~(this.dark | this.light);
    const forward = this.side === 0 ? 0 : 2;
    const kings = own & this.kings;
    const canJump =
      jumpers(own & ~kings, enemy, empty, forward, forward + 2) |
      jumpers(kings, enemy, empty, 0, DIRECTIONS);
    let count = 0;
    for (let rest = canJump; rest !== 0; rest &= rest - 1) {
      const square = lowestSquare(rest);
      const king = (this.kings & (1 << square)) !== 0;
      count = this.jumps(square, square, 0, king, out, offset, count);
    }
    if (count > 0) return count;
    const firstDirection = forward;
    for (let rest = own; rest !== 0; rest &= rest - 1) {
      const square = lowestSquare(rest);
      const king = (this.kings & (1 << square)) !== 0;
      const from = king ? 0 : firstDirection;
      const to = king ? DIRECTIONS : firstDirection + 2;
      for (let direction = from; direction < to; direction++) {
        const target = STEP[square * DIRECTIONS + direction]!;
        if (target < 0 || (empty & (1 << target)) === 0) continue;
        const at = offset + count * 3;
        out[at] = square;
        out[at + 1] = target;
        out[at + 2] = 0;
        count++;
      }
    }
    return count;
  }

  // Depth-first over the jump tree: captured men stay on the board until the move ends (they
  // cannot be jumped twice, nor landed on), the moving piece's own start square counts as empty.
  private jumps(
    origin: number,
    square: number,
    captured: number,
    king: boolean,
    out: Int32Array,
    offset: number,
    count: number,
  ): number {
    const enemy = (this.side === 0 ? this.light : this.dark) & ~captured;
    const empty = ~(this.dark | this.light) | (1 << origin);
    const first = king ? 0 : this.side === 0 ? 0 : 2;
    const last = king ? DIRECTIONS : first + 2;
    let extended = false;
    for (let direction = first; direction < last; direction++) {
      const over = STEP[square * DIRECTIONS + direction]!;
      const landing = JUMP[square * DIRECTIONS + direction]!;
      if (landing < 0 || (enemy & (1 << over)) === 0 || (empty & (1 << landing)) === 0) continue;
      extended = true;
      const taken = captured | (1 << over);
      // a man reaching the far row is crowned and the move ends there
      if (!king && (CROWN_ROW[this.side] & (1 << landing)) !== 0) {
        const at = offset + count * 3;
        out[at] = origin;
        out[at + 1] = landing;
        out[at + 2] = taken;
        count++;
      } else {
        count = this.jumps(origin, landing, taken, king, out, offset, count);
      }
    }
    if (!extended && captured !== 0) {
      const at = offset + count * 3;
      out[at] = origin;
      out[at + 1] = square;
      out[at + 2] = captured;
      count++;
    }
    return count;
  }

  /** Plays the move (from, to, captured bits); the caller saves what it needs to take it back. */
  make(from: number, to: number, captured: number): void {
    const side = this.side;
    const fromKind = this.kindAt(from);
    const crowned = fromKind % 2 === 0 && (CROWN_ROW[side] & (1 << to)) !== 0;
    const toKind = crowned ? fromKind + 1 : fromKind;
    let index = this.keyIndex ^ SIDE_INDEX;
    let lock = this.keyLock ^ SIDE_LOCK;
    index ^= ZOBRIST_INDEX[fromKind * 32 + from]! ^ ZOBRIST_INDEX[toKind * 32 + to]!;
    lock ^= ZOBRIST_LOCK[fromKind * 32 + from]! ^ ZOBRIST_LOCK[toKind * 32 + to]!;
    for (let rest = captured; rest !== 0; rest &= rest - 1) {
      const square = lowestSquare(rest);
      const kind = this.kindAt(square);
      index ^= ZOBRIST_INDEX[kind * 32 + square]!;
      lock ^= ZOBRIST_LOCK[kind * 32 + square]!;
    }
    // XOR rather than OR: a king's jump may end on its own start square
    const path = (1 << from) ^ (1 << to);
    if (side === 0) {
      this.dark ^= path;
      this.light &= ~captured;
    } else {
      this.light ^= path;
      this.dark &= ~captured;
    }
    this.kings &= ~captured;
    if (fromKind % 2 === 1) this.kings ^= path;
    else if (crowned) this.kings |= 1 << to;
    this.side = (side ^ 1) as 0 | 1;
    this.keyIndex = index;
    this.keyLock = lock;
  }
}
