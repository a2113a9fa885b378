import type { MatchMove } from '#core/protocol/matchMoves.ts';
import { DataTable } from '#src/lib/table/DataTable.tsx';
import { advantagePoints, advantageText } from './advantagePoints.ts';

const WIDTH = 600;
const HEIGHT = 140;
const PAD = 6;

/**
 * The match's winning chances move by move, as engine-tournament viewers draw them: the middle
 * line is even (50%), the top the first player winning, the bottom the second. Clicking a point (or a move in the table
 * beside it) jumps the replay there when `onSelect` is given. The table and the summary say the
 * same in words, for screen readers and without colour.
 */
export function AdvantageChart({
  turns,
  names,
  shown,
  onSelect,
}: {
  turns: readonly MatchMove[];
  names: readonly [string, string];
  shown: number;
  onSelect?: (ply: number) => void;
}) {
  const points = advantagePoints(turns);
  if (points.length === 0) return null;
  const lastPly = Math.max(2, turns.length);
  const x = (ply: number) => PAD + ((ply - 1) / (lastPly - 1)) * (WIDTH - 2 * PAD);
  const y = (advantage: number) => HEIGHT / 2 - advantage * (HEIGHT / 2 - PAD);
  const path = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.ply)},${y(point.advantage)}`)
    .join(' ');
  const current = points.findLast((point) => point.ply <= shown);
  const summary = `Winning chances after move ${current?.ply ?? 0}: ${
    current ? advantageText(current.advantage, names) : 'even'
  }.`;
  return (
    <figure className="advantage" data-testid="advantage-chart">
      <figcaption>
        <span>Winning chances</span>
        <span className="advantage-legend">
          ▲ {names[0]} · ▼ {names[1]}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <line
          className="advantage-axis"
          x1={PAD}
          x2={WIDTH - PAD}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
        />
        <path className="advantage-line" d={path} />
        {current ? (
          <line
            className="advantage-cursor"
            x1={x(current.ply)}
            x2={x(current.ply)}
            y1={PAD}
            y2={HEIGHT - PAD}
          />
        ) : null}
        {onSelect
          ? points.map((point) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: the table below holds the same jumps as buttons, for keyboards and screen readers.
              <circle
                key={point.ply}
                className="advantage-point"
                cx={x(point.ply)}
                cy={y(point.advantage)}
                r={5}
                data-ply={point.ply}
                onClick={() => onSelect(point.ply)}
              />
            ))
          : null}
      </svg>
      <details>
        <summary>The winning chances move by move</summary>
        <DataTable
          caption="Winning chances after each move"
          columns={[
            {
              header: 'Move',
              cell: (point) =>
                onSelect ? (
                  <button type="button" className="link-button" onClick={() => onSelect(point.ply)}>
                    {point.ply}
                  </button>
                ) : (
                  point.ply
                ),
            },
            { header: 'Chances', cell: (point) => advantageText(point.advantage, names) },
          ]}
          rows={points}
          rowKey={(point) => String(point.ply)}
          empty={null}
          className="advantage-table"
        />
      </details>
    </figure>
  );
}
