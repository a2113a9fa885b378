import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { gameOf } from '#core/games/registry.ts';
import { replay } from '#core/games/replay.ts';
import { MatchPositions } from './matchPositions.ts';

const connect4 = gameOf('connect4');
const legalAfter = (moves: string) => connect4.legalMoves(replay(connect4, moves).state);

describe('MatchPositions', () => {
  it('serves a position only for the move list it was worked out from', () => {
    const positions = new MatchPositions();
    const before = positions.after('m1', 'connect4', '444');
    positions.play('m1', 'connect4', before, '4');
    // Another process stored a different fourth move: the row says so, and the cache follows it.
    const row = positions.after('m1', 'connect4', '4445');
    expect(row.played).toEqual(['4', '4', '4', '5']);
    expect(connect4.sideToMove(row.state)).toBe(0);
    expect(connect4.outcome(row.state)).toEqual(connect4.outcome(replay(connect4, '4445').state));
  });

  it('is not fooled by a rolled-back move: the row still has the moves before it', () => {
    const positions = new MatchPositions();
    const before = positions.after('m1', 'connect4', '444');
    // The move planned here was never committed.
    positions.play('m1', 'connect4', before, '4');
    const row = positions.after('m1', 'connect4', '444');
    expect(row.played).toHaveLength(3);
    expect(legalAfter('444')).toEqual(connect4.legalMoves(row.state));
  });

  it('plays on from a remembered position when the row has moved on by moves it did not see', () => {
    const positions = new MatchPositions();
    positions.after('m1', 'connect4', '1234');
    const later = positions.after('m1', 'connect4', '12345671');
    expect(later.played).toHaveLength(8);
    expect(connect4.legalMoves(later.state)).toEqual(legalAfter('12345671'));
    // A column filled by moves the cache never saw is refused as a replay refuses it.
    const full = positions.after('m1', 'connect4', '111111');
    expect(() => positions.play('m1', 'connect4', full, '1')).toThrow(ValidationError);
  });

  it('never serves one match the position of another, nor of another game', () => {
    const positions = new MatchPositions();
    positions.after('m1', 'connect4', '4444');
    expect(positions.after('m2', 'connect4', '').played).toEqual([]);
    const othello = positions.after('m1', 'othello', '');
    expect(othello.played).toEqual([]);
    expect(gameOf('othello').legalMoves(othello.state)).toEqual(
      gameOf('othello').legalMoves(gameOf('othello').initial()),
    );
  });

  it('replays a malformed list as replay does: it throws', () => {
    const positions = new MatchPositions();
    positions.after('m1', 'connect4', '44');
    expect(() => positions.after('m1', 'connect4', '448')).toThrow(ValidationError);
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const positions = new MatchPositions(2);
    positions.after('a', 'connect4', '1');
    positions.after('b', 'connect4', '2');
    positions.after('a', 'connect4', '1');
    positions.after('c', 'connect4', '3');
    expect(positions.size).toBe(2);
    // 'b' was the least recently used, so it is the one already gone.
    positions.forget('b');
    expect(positions.size).toBe(2);
    positions.forget('a');
    expect(positions.size).toBe(1);
  });
});
