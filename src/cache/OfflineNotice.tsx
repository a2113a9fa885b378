import './OfflineNotice.css';
import { useOnlineStatus } from './useOnlineStatus.ts';

/**
 * A thin bar saying the page shows saved data while the network is away. The data itself comes
 * from the persisted query client; this only tells the user it may be old.
 */
export function OfflineNotice() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <output className="offline-notice" data-testid="offline-notice">
      You are offline. Showing the last data saved on this device.
    </output>
  );
}
