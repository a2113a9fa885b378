import { REPLAY_SPEEDS, type useReplay } from '#src/features/matches/hooks/useReplay.ts';

/** Step, play/pause, speed and a scrubber for replaying a finished match. */
export function ReplayControls({
  replay,
  total,
}: {
  replay: ReturnType<typeof useReplay>;
  total: number;
}) {
  const atStart = replay.shown === 0;
  const atEnd = replay.shown >= total;
  const step = (delta: number) => {
    if ((delta < 0 && atStart) || (delta > 0 && atEnd)) return;
    replay.pause();
    replay.seek(replay.shown + delta);
  };
  // aria-disabled rather than disabled: a disabled button drops keyboard focus to the page when
  // stepping reaches either end.
  return (
    <fieldset className="replay">
      <legend className="visually-hidden">Replay</legend>
      <button type="button" className="button" onClick={() => step(-1)} aria-disabled={atStart}>
        ◀ Step back
      </button>
      <button type="button" className="button primary" onClick={replay.toggle}>
        {replay.playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" className="button" onClick={() => step(1)} aria-disabled={atEnd}>
        Step forward ▶
      </button>
      <label>
        Speed{' '}
        <select
          value={replay.speed}
          onChange={(event) =>
            replay.setSpeed(Number(event.target.value) as (typeof REPLAY_SPEEDS)[number])
          }
        >
          {REPLAY_SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed}×
            </option>
          ))}
        </select>
      </label>
      <input
        type="range"
        min={0}
        max={total}
        value={replay.shown}
        aria-label="Move"
        onChange={(event) => {
          replay.pause();
          replay.seek(Number(event.target.value));
        }}
      />
      <output aria-live="polite">
        Move {replay.shown} of {total}
      </output>
    </fieldset>
  );
}
