import type { ReactNode } from 'react';
import './perfectPlay.css';

/**
 * The frame every game's "What does perfect play say here?" shares: the heading; while it runs,
 * its progress and Stop; otherwise the button that starts it and what became of the last run
 * (`notes`: stopped, failed); then what was found (`children`).
 */
export function PerfectPlayShell({
  running,
  progress,
  onStart,
  onStop,
  notes,
  children,
}: {
  running: boolean;
  /** Shown while running, above Stop: a status line (and a progress bar where one fits). */
  progress: ReactNode;
  onStart: () => void;
  onStop: () => void;
  notes?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      className="perfect-play"
      aria-labelledby="perfect-play-title"
      data-testid="perfect-play"
    >
      <h2 id="perfect-play-title">Perfect play</h2>
      {running ? (
        <div className="perfect-play-running">
          {progress}
          <button type="button" className="button" onClick={onStop}>
            Stop
          </button>
        </div>
      ) : (
        <>
          <button type="button" className="button" onClick={onStart}>
            What does perfect play say here?
          </button>
          {notes}
        </>
      )}
      {children}
    </section>
  );
}
