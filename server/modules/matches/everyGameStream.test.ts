import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { matchDetailSchema, moveEventSchema } from '#core/protocol/matchMoves.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { openSse } from '#server/testing/sseReader.ts';
import { insertQuickAgents } from '#server/testing/testAgents.ts';
import { openTestDatabase } from '#server/testing/testDatabase.ts';
import { createMatchIfBelowTarget } from './store/matchCreation.ts';
import { recordMove } from './store/matchWriter.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');

// The generic paths with every registered game: a whole random game stored move by move, a
// stream resumed after a gap, the result, and a move the rules refuse.
describe('every game through the store and the stream', () => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await insertQuickAgents(db);
    app = await buildApp({ config: loadConfig({ LIVE_MATCHES: '0' }), db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it.each(GAME_IDS)(
    '%s: stores, refuses an illegal move, streams with resume and ends',
    async (id) => {
      const game = gameOf(id);
      const matchId = `every-${id}`;
      await createMatchIfBelowTarget(
        db,
        { id: matchId, game: id, firstId: 'quick-a', secondId: 'quick-b', seed: 1, owner: 'w' },
        4,
        new Date(T0),
        new Date(T0 + 3_600_000),
      );
      const store = (ply: number, move: string) =>
        recordMove(db, {
          matchId,
          owner: 'w',
          ply,
          move,
          agentId: ply % 2 === 1 ? 'quick-a' : 'quick-b',
          trace: {
            candidates: [],
            depth: 0,
            nodes: 0,
            chosen: move,
            reason: 'random',
            advantage: 0,
          },
          now: new Date(T0 + ply * 1000),
          leaseUntil: new Date(T0 + 3_600_000),
        });
      // A random legal game, played to its end by the rules.
      const random = createRandom(11);
      let state = game.initial();
      const moves: string[] = [];
      while (game.outcome(state).status === 'ongoing') {
        const legal = game.legalMoves(state);
        const move = legal[Math.floor(random() * legal.length)]!;
        moves.push(move);
        state = game.play(state, move);
      }
      const half = Math.floor(moves.length / 2);
      for (const [index, move] of moves.slice(0, half).entries()) {
        expect(await store(index + 1, move)).not.toBeNull();
      }
      // Not legal here: the rules refuse it inside the transaction and nothing is stored.
      await expect(store(half + 1, 'zz9')).rejects.toThrow();
      const partial = matchDetailSchema.parse((await app.inject(`/api/matches/${matchId}`)).json());
      expect(partial.plies).toBe(half);
      expect(partial.moves).toBe(game.encodeMoves(moves.slice(0, half)));

      // A watcher who saw `seen` moves comes back: exactly the missing ones, each with the list
      // after it, then the live ones and the result.
      const seen = Math.floor(half / 2);
      const stream = await openSse(`${base}/api/matches/${matchId}/events`, {
        'last-event-id': String(seen),
      });
      for (const [index, move] of moves.slice(half).entries()) {
        expect(await store(half + index + 1, move)).not.toBeNull();
      }
      const received: { ply: number; move: string; moves: string }[] = [];
      for (;;) {
        const event = await stream.next();
        if (event.event === 'move') received.push(moveEventSchema.parse(JSON.parse(event.data)));
        if (event.event === 'result') {
          const result = JSON.parse(event.data) as { plies: number; moves: string; reason: string };
          expect(result.plies).toBe(moves.length);
          expect(result.moves).toBe(game.encodeMoves(moves));
          expect(result.reason).toBe((game.outcome(state) as { reason: string }).reason);
          break;
        }
      }
      stream.close();
      expect(received.map((event) => event.ply)).toEqual(
        moves.slice(seen).map((_, index) => seen + index + 1),
      );
      expect(received.map((event) => event.move)).toEqual(moves.slice(seen));
      for (const event of received) {
        expect(event.moves).toBe(game.encodeMoves(moves.slice(0, event.ply)));
      }
      const list = matchListResponseSchema.parse(
        (await app.inject(`/api/matches?status=finished&game=${id}`)).json(),
      );
      expect(list.items.map((item) => item.id)).toEqual([matchId]);
      const outcome = game.outcome(state);
      expect(list.items[0]?.resultCells ?? []).toEqual(
        outcome.status === 'finished' ? outcome.cells : [],
      );
    },
  );
});
