import { Board, MAX_MOVES, MOVE_INTS } from '#core/games/checkers/board.ts';

/**
 * A check on the endgame tables that shares none of their code: every position reachable from
 * one position (core's move generator, draw rules aside as in the tables) is listed, then all are
 * valued together by plain value iteration until nothing changes. Round k settles exactly the
 * positions decided within k plies, so the fixpoint holds each win's shortest and each loss's
 * longest distance, and what is still open then is a draw. Values are encoded as the tables'
 * (0 draw, else plies + 1, odd plies a win). Only for small endgames: it holds the whole graph.
 */
export function solveByGraph(dark: number, light: number, kings: number, side: 0 | 1): number {
  const ids = new Map<string, number>();
  const positions: [number, number, number, 0 | 1][] = [];
  const children: number[][] = [];
  const idOf = (d: number, l: number, k: number, s: 0 | 1) => {
    const key = `${d},${l},${k},${s}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = positions.length;
      ids.set(key, id);
      positions.push([d, l, k, s]);
    }
    return id;
  };
  idOf(dark, light, kings, side);
  const board = new Board();
  const moves = new Int32Array(MAX_MOVES * MOVE_INTS);
  for (let id = 0; id < positions.length; id++) {
    const [d, l, k, s] = positions[id]!;
    const n = place(board, d, l, k, s).generate(moves, 0);
    const next: number[] = [];
    for (let i = 0; i < n; i++) {
      place(board, d, l, k, s).make(moves[i * 3]!, moves[i * 3 + 1]!, moves[i * 3 + 2]!);
      next.push(idOf(board.dark, board.light, board.kings, board.side));
    }
    children.push(next);
  }

  let values = new Int32Array(positions.length);
  for (let changed = true; changed; ) {
    changed = false;
    const next = new Int32Array(values.length);
    for (let id = 0; id < values.length; id++) {
      next[id] = valueFrom(children[id]!, values);
      if (next[id] !== values[id]) changed = true;
    }
    values = next;
  }
  return values[0]!;
}

// the position without its hash key, which nothing here reads
function place(board: Board, dark: number, light: number, kings: number, side: 0 | 1): Board {
  board.dark = dark;
  board.light = light;
  board.kings = kings;
  board.side = side;
  return board;
}

function valueFrom(children: readonly number[], values: Int32Array): number {
  if (children.length === 0) return 1;
  let shortestWin = 0;
  let longestLoss = 0;
  let allWon = true;
  for (const child of children) {
    const value = values[child]!;
    if (value === 0) allWon = false;
    else if ((value - 1) % 2 === 0) {
      allWon = false;
      shortestWin = shortestWin === 0 ? value + 1 : Math.min(shortestWin, value + 1);
    } else longestLoss = Math.max(longestLoss, value + 1);
  }
  if (shortestWin > 0) return shortestWin;
  return allWon ? longestLoss : 0;
}
