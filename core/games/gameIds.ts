/**
 * The registered games' ids, in the order the catalogue lists them. Kept apart from the registry
 * so the protocol's schemas (which the first load of `/` carries) name the ids without pulling
 * in any game's rules or engine. `registry.test.ts` checks this list and the registry agree.
 */
export const GAME_IDS = ['connect4', 'othello', 'checkers'] as const;

/** A registered game's id. */
export type GameId = (typeof GAME_IDS)[number];

/** Whether `value` names a registered game. */
export function isGameId(value: string): value is GameId {
  return (GAME_IDS as readonly string[]).includes(value);
}
