import { useOnlineStatus } from './useOnlineStatus.ts';

/** Said offline in place of a page's "Loading…": nothing of it was saved, and nothing is coming. */
export const OFFLINE_NOTHING_SAVED =
  'Nothing of this is saved on this device yet: it loads once you are back online.';

/**
 * The status a page shows while its data has not come (`children`, "Loading the agent…").
 * Offline, a query with no saved answer is paused until the network is back (TanStack's default),
 * so "Loading…" would stay for as long as the user is away: they are told why instead. The
 * online state is read as online while a prerendered page hydrates (useOnlineStatus), so the
 * first render matches the prerendered text.
 */
export function LoadingStatus({ children, className }: { children: string; className?: string }) {
  const online = useOnlineStatus();
  return (
    <p role="status" className={className}>
      {online ? children : OFFLINE_NOTHING_SAVED}
    </p>
  );
}
