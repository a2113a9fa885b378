/**
 * What the push feature does when a user shows interest (followed something, turned a kind of
 * notification on): loaded only then, so none of it weighs on the first load.
 */
import { toast } from '#src/lib/toast.ts';
import { subscribeToPush } from './api/subscribeToPush.ts';
import { pushOfferFor } from './pushOffer.ts';
import { IOS_PUSH_HINT, pushSupport } from './pushSupport.ts';

const OFFERED_KEY = 'gridmind:push-offered';
/** Long enough to read and reach the button. */
const OFFER_DURATION_MS = 15_000;

function offeredBefore(): boolean {
  try {
    return localStorage.getItem(OFFERED_KEY) === '1';
  } catch {
    return false; // storage blocked: the offer may come once a visit
  }
}

let offeredThisVisit = false;
function markOffered(): void {
  offeredThisVisit = true;
  try {
    localStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // storage blocked: remembered for this visit only
  }
}

/** Turns notifications on from the offer's button (the user gesture the prompt needs). */
export async function turnPushOn(): Promise<NotificationPermission | null> {
  try {
    const permission = await subscribeToPush();
    if (permission === 'granted') {
      void toast.success({ message: 'Notifications are on for this device.' });
    }
    return permission;
  } catch (error) {
    void toast.error({
      message: 'Notifications could not be turned on.',
      ...(error instanceof Error ? { description: error.message } : {}),
    });
    return null;
  }
}

/** Offers Web Push once a browser, as the browser and the user's past answers allow. */
export function offerPush(): void {
  const offer = pushOfferFor(pushSupport(), offeredThisVisit || offeredBefore());
  if (offer === 'subscribe-quietly') {
    void subscribeToPush().catch((error: unknown) =>
      console.info('This device could not be subscribed to push', error),
    );
    return;
  }
  if (offer === 'none') return;
  markOffered();
  if (offer === 'ios-hint') {
    void toast.info({ message: 'Get notified on this device?', description: IOS_PUSH_HINT });
    return;
  }
  void toast.plain({
    message: 'Get notified on this device?',
    description: 'Gridmind can tell you when what you follow plays, even with the page closed.',
    duration: OFFER_DURATION_MS,
    action: { label: 'Turn on', onClick: () => void turnPushOn() },
  });
}
