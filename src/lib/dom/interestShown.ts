/**
 * A user just asked to hear about something: followed an agent, a bot, a tournament or a game,
 * or turned a kind of notification on. The push feature listens for it, because the browser's
 * permission may be asked only then, never on load (issue 48); features stay apart, the window
 * carries the word.
 */
const INTEREST_SHOWN = 'gridmind:interest-shown';

/** Tells whoever listens that the user showed interest in being told things. */
export function announceInterestShown(): void {
  window.dispatchEvent(new Event(INTEREST_SHOWN));
}

/** Calls `listener` each time interest is shown; returns the function that stops listening. */
export function onInterestShown(listener: () => void): () => void {
  window.addEventListener(INTEREST_SHOWN, listener);
  return () => window.removeEventListener(INTEREST_SHOWN, listener);
}
