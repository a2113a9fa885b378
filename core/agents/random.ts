/** A seeded pseudo-random source in [0, 1): the same seed always gives the same sequence. */
export type Random = () => number;

/** Mulberry32: tiny, fast and good enough to make agents' choices reproducible. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a seed with a move string so each position of a game draws its own numbers (FNV-1a). */
export function seedFor(seed: number, moves: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < moves.length; i++) {
    hash ^= moves.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
