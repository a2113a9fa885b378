import type { PushSupport } from './pushSupport.ts';

/** What to do when a user shows interest in being told things. */
export type PushOffer =
  /** Offer to turn notifications on, with a button (the permission prompt needs the click). */
  | 'ask'
  /** iOS outside a home-screen install: say how to get notifications there. */
  | 'ios-hint'
  /** Permission already given: make sure this device is subscribed, without asking anything. */
  | 'subscribe-quietly'
  /** Nothing: unsupported, blocked by the user, or offered on this browser before. */
  | 'none';

/**
 * The offer for this browser. A browser the user blocked is never asked again (only its settings
 * can undo that), and the offer comes once a browser: after that the profile's switch is the way.
 */
export function pushOfferFor(support: PushSupport, offeredBefore: boolean): PushOffer {
  if (support.kind === 'unsupported') return 'none';
  if (support.kind === 'ios-needs-install') return offeredBefore ? 'none' : 'ios-hint';
  if (support.permission === 'granted') return 'subscribe-quietly';
  if (support.permission === 'denied' || offeredBefore) return 'none';
  return 'ask';
}
