import { useEffect, useState } from 'react';

/** Replay speeds offered, in moves per second. */
export const REPLAY_SPEEDS = [0.5, 1, 2, 4] as const;

/**
 * Replay state of a finished match: how many moves are shown (all of them until the viewer
 * steps or plays, or the move a link named: `linked`), playing or not, and how fast.
 */
export function useReplay(total: number, linked?: number) {
  const [position, setPosition] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof REPLAY_SPEEDS)[number]>(1);
  const shown = position ?? total;

  // A link to a move (`?move=N`) opens the replay there once the match's moves are in.
  useEffect(() => {
    if (linked === undefined || total === 0) return;
    setPosition(Math.max(0, Math.min(total, linked)));
    setPlaying(false);
  }, [linked, total]);

  useEffect(() => {
    if (!playing) return;
    if (shown >= total) {
      setPlaying(false);
      return;
    }
    // The last step stops play in the same update, so the button never reads Pause at the end.
    const timer = setTimeout(() => {
      const next = Math.min(total, shown + 1);
      setPosition(next);
      if (next >= total) setPlaying(false);
    }, 1000 / speed);
    return () => clearTimeout(timer);
  }, [playing, shown, total, speed]);

  return {
    shown,
    playing,
    speed,
    setSpeed,
    seek: (ply: number) => setPosition(Math.max(0, Math.min(total, ply))),
    toggle: () => {
      // Pressing play at the end starts over, as video players do.
      if (!playing && shown >= total) setPosition(0);
      setPlaying(!playing);
    },
    pause: () => setPlaying(false),
  };
}
