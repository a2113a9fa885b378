import { type KeyboardEvent, type ReactNode, useId } from 'react';

/** How a board is read with the keyboard on the watch page. */
export interface BoardReader {
  /** Says which keys read the board. */
  hint: string;
  /** What the live region says now (the square or column the cursor is on). */
  reading: string;
  /** Test id of the live region. */
  readingTestId: string;
  /** Moves the reading cursor for a key; false when the key is not the board's. */
  onKey: (key: string) => boolean;
}

/**
 * The frame every game's board is drawn in. Without a `reader` it is a picture with a name;
 * with one it is a focusable group that hands its keys to the reader, says how it is read and
 * speaks what the reader reads through a live region.
 */
export function BoardFrame({
  className,
  label,
  reader,
  children,
}: {
  className: string;
  label: string;
  reader?: BoardReader | undefined;
  children: ReactNode;
}) {
  const hintId = useId();
  if (!reader) {
    return (
      <div className={className} role="img" aria-label={label}>
        {children}
      </div>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (reader.onKey(event.key)) event.preventDefault();
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a form group, this is a picture with a keyboard reader. */}
      <div
        className={className}
        role="group"
        aria-roledescription="board"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the board is read with arrow keys, so it takes focus.
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="board"
      >
        {children}
      </div>
      <p id={hintId} className="visually-hidden">
        {reader.hint}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid={reader.readingTestId}>
        {reader.reading}
      </p>
    </>
  );
}
