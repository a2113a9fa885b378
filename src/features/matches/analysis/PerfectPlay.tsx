import { useNow } from '#src/lib/time/useNow.ts';
import { PerfectPlayShell } from './PerfectPlayShell.tsx';
import { useColumnAnalysis } from './useColumnAnalysis.ts';
import { bestColumnsText, verdictText } from './verdictText.ts';

const COLUMNS = 7;

/**
 * "What does perfect play say here?" for the Connect Four position after the first `shown` of
 * `moves` (the encoded list: one column digit a move): every column's exact verdict for the side to move, the best ones marked. Solved in
 * a worker on request, with progress and Stop; a new position clears it.
 */
export function PerfectPlay({
  moves: allMoves,
  shown,
  names,
}: {
  moves: string;
  shown: number;
  names: readonly [string, string];
}) {
  const moves = allMoves.slice(0, shown);
  const { analysis, start, stop } = useColumnAnalysis(moves);
  const now = useNow(analysis.status === 'running');
  const mover = names[moves.length % 2];
  return (
    <PerfectPlayShell
      running={analysis.status === 'running'}
      onStart={start}
      onStop={stop}
      progress={
        analysis.status === 'running' ? (
          <>
            <p role="status" data-testid="analysis-progress">
              Solving the position after move {moves.length}: {analysis.columns.length} of {COLUMNS}{' '}
              columns done, {Math.max(0, Math.round((now - analysis.startedAt) / 1000))} s.
              Positions early in the game can take minutes.
            </p>
            <progress max={COLUMNS} value={analysis.columns.length} aria-label="Columns solved" />
          </>
        ) : null
      }
      notes={
        <>
          {analysis.status === 'stopped' ? (
            <p role="status">
              Stopped after {analysis.columns.length} of {COLUMNS} columns.
            </p>
          ) : null}
          {analysis.status === 'failed' ? <p role="alert">{analysis.message}</p> : null}
        </>
      }
    >
      {analysis.status === 'done' ? (
        <div data-testid="analysis-result">
          <p role="status">
            After move {moves.length}, with perfect play <strong>{mover}</strong> (to move) does
            best on <strong data-testid="analysis-best">{bestColumnsText(analysis.best)}</strong>.
            Solved in {(analysis.elapsedMs / 1000).toFixed(1)} s.
          </p>
          <ol className="perfect-play-columns" aria-label={`Every column for ${mover}`}>
            {analysis.columns.map((verdict) => {
              const best = analysis.best.includes(verdict.column);
              return (
                <li
                  key={verdict.column}
                  className={best ? 'best' : undefined}
                  data-column={verdict.column}
                  data-outcome={verdict.outcome}
                >
                  Column {verdict.column}: {verdictText(verdict)}
                  {best ? <strong> (best)</strong> : null}
                </li>
              );
            })}
          </ol>
          <p className="hint">Moves are counted for the side that wins, this one included.</p>
        </div>
      ) : null}
    </PerfectPlayShell>
  );
}
