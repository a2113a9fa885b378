import { bestMoves } from '#core/games/moveAnalysis.ts';
import { moveText } from '#src/features/matches/boards/moveText.ts';
import { useNow } from '#src/lib/time/useNow.ts';
import { moveValueText } from './moveValueText.ts';
import { PerfectPlayShell } from './PerfectPlayShell.tsx';
import { useMoveAnalysis } from './useMoveAnalysis.ts';

/**
 * "What does perfect play say here?" for the Othello or checkers position after the first `shown`
 * of `moves`: every move's value for the side to move, the best marked. Othello from 20 empties
 * is solved exactly (WebAssembly in a worker); before, and in checkers, a search deepens ply by
 * ply, exact where it proves a result, with each depth shown as it finishes. Stop keeps the last
 * depth; a new position clears it.
 */
export function MovesPerfectPlay({
  game,
  moves: allMoves,
  shown,
  names,
}: {
  game: 'othello' | 'checkers';
  moves: readonly string[];
  shown: number;
  names: readonly [string, string];
}) {
  const moves = allMoves.slice(0, shown);
  const { analysis, start, stop } = useMoveAnalysis(game, moves);
  const now = useNow(analysis.status === 'running');
  const mover = names[moves.length % 2];
  const step =
    analysis.status === 'running' || analysis.status === 'stopped' || analysis.status === 'done'
      ? analysis.step
      : null;
  const best = step ? bestMoves(step.values) : [];
  return (
    <PerfectPlayShell
      running={analysis.status === 'running'}
      onStart={start}
      onStop={stop}
      progress={
        analysis.status === 'running' ? (
          <p role="status" data-testid="analysis-progress">
            {step === null
              ? `Searching the position after move ${moves.length}…`
              : step.exact
                ? `Solving the position after move ${moves.length}: ${step.values.length} of ${step.total} moves solved`
                : `Searched ${step.depth} ${step.depth === 1 ? 'ply' : 'plies'} deep after move ${moves.length}`}
            , {Math.max(0, Math.round((now - analysis.startedAt) / 1000))} s.
          </p>
        ) : null
      }
      notes={analysis.status === 'failed' ? <p role="alert">{analysis.message}</p> : null}
    >
      {step && step.values.length > 0 ? (
        <div data-testid="analysis-result">
          <p role="status">
            {step.exact
              ? `With perfect play ${mover} (to move) does best with `
              : `${step.depth} ${step.depth === 1 ? 'ply' : 'plies'} deep, ${mover} (to move) does best with `}
            <strong data-testid="analysis-best">
              {best.map((move) => moveText(game, move)).join(' or ')}
            </strong>
            {analysis.status === 'done'
              ? `. Done in ${(analysis.elapsedMs / 1000).toFixed(1)} s.`
              : '.'}
            {analysis.status === 'stopped' ? ' Stopped: the last depth searched stands.' : null}
          </p>
          <ol className="perfect-play-columns" aria-label={`Every move for ${mover}`}>
            {step.values.map((value) => (
              <li
                key={value.move}
                className={best.includes(value.move) ? 'best' : undefined}
                data-kind={value.kind}
              >
                {moveText(game, value.move)}: {moveValueText(value)}
                {best.includes(value.move) ? <strong> (best)</strong> : null}
              </li>
            ))}
          </ol>
          {step.exact ? null : (
            <p className="hint">
              Winning chances come from a search, not a solve: deeper plies make them surer.
            </p>
          )}
        </div>
      ) : null}
    </PerfectPlayShell>
  );
}
