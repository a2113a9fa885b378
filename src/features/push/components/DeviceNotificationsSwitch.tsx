import { useId } from 'react';
import { useDevicePush } from '#src/features/push/hooks/useDevicePush.ts';
import { IOS_PUSH_HINT } from '#src/features/push/pushSupport.ts';
import './push.css';

/**
 * "Notifications on this device": the profile's switch for Web Push on the browser in hand, with
 * what stands in the way where it cannot be turned on (iOS outside a home-screen install, a
 * browser without push, a permission the user blocked).
 */
export function DeviceNotificationsSwitch() {
  const { support, subscribed, busy, setOn } = useDevicePush();
  const noteId = useId();
  let note: string | null = null;
  if (support?.kind === 'unsupported')
    note = 'This browser cannot show notifications from Gridmind.';
  else if (support?.kind === 'ios-needs-install') note = IOS_PUSH_HINT;
  else if (support?.permission === 'denied') {
    note = "Notifications are blocked for Gridmind in this browser's site settings.";
  }
  const usable = support?.kind === 'available' && support.permission !== 'denied';
  const on = usable && subscribed === true;
  return (
    <div className="push-switch" data-testid="push-switch">
      <label>
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={note ? noteId : undefined}
          checked={on}
          disabled={!usable || subscribed === null || busy}
          onChange={(event) => void setOn(event.currentTarget.checked)}
        />{' '}
        Notifications on this device
      </label>
      {note ? (
        <p id={noteId} className="push-switch-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
