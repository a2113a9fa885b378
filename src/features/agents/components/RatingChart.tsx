import type { RatingHistoryPoint } from '#core/protocol/agentDetail.ts';
import { INITIAL_RATING } from '#core/ratings/glicko2.ts';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 24, left: 44 };

/** An agent's rating over its matches as an inline SVG line with its deviation band. */
export function RatingChart({
  history,
  start = INITIAL_RATING.rating,
}: {
  history: readonly RatingHistoryPoint[];
  start?: number;
}) {
  if (history.length === 0) return <p>No rated match yet.</p>;
  const points = [{ rating: start, deviation: INITIAL_RATING.deviation }, ...history];
  const lows = points.map((point) => point.rating - point.deviation);
  const highs = points.map((point) => point.rating + point.deviation);
  const min = Math.floor(Math.min(...lows, start) / 50) * 50;
  const max = Math.ceil(Math.max(...highs, start) / 50) * 50;
  const x = (index: number) =>
    PAD.left + (index / Math.max(1, points.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (rating: number) =>
    PAD.top + (1 - (rating - min) / Math.max(1, max - min)) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points
    .map((point, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(point.rating).toFixed(1)}`)
    .join('');
  const band = [
    ...points.map(
      (point, i) =>
        `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(point.rating + point.deviation).toFixed(1)}`,
    ),
    ...points
      .map((point, i) => `L${x(i).toFixed(1)},${y(point.rating - point.deviation).toFixed(1)}`)
      .reverse(),
    'Z',
  ].join('');
  const last = history.at(-1)!;
  return (
    <figure className="rating-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Rating from ${start} to ${Math.round(last.rating)} over ${history.length} matches`}
        style={{ width: '100%', height: 'auto' }}
      >
        {[min, (min + max) / 2, max].map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--border)"
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill="var(--muted)"
            >
              {Math.round(tick)}
            </text>
          </g>
        ))}
        <path d={band} fill="var(--focus)" opacity="0.15" />
        <path d={line} fill="none" stroke="var(--focus)" strokeWidth="2" />
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 6}
          textAnchor="end"
          fontSize="11"
          fill="var(--muted)"
        >
          {history.length} matches
        </text>
      </svg>
      <figcaption className="visually-hidden">Shaded: rating ± deviation.</figcaption>
    </figure>
  );
}
