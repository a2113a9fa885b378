import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '#core/protocol/notifications.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import {
  notificationPreferencesQueryOptions,
  updateNotificationPreferences,
} from '#src/features/notifications/api/notificationsApi.ts';
import { announceInterestShown } from '#src/lib/dom/interestShown.ts';
import './notifications.css';

/** Each kind as the profile names it; the admins' kind only for admins. */
const KIND_LABELS: ReadonlyArray<{ kind: NotificationKind; label: string; adminOnly?: true }> = [
  { kind: 'followed-match', label: 'An agent or bot I follow has a match announced' },
  { kind: 'followed-tournament', label: 'A tournament I follow starts or reaches its final' },
  { kind: 'bet-settled', label: 'My bet is settled' },
  { kind: 'commission', label: 'My agent or bot earns a commission' },
  { kind: 'tournament-entry', label: 'My agent or bot is entered in a tournament' },
  { kind: 'lost-on-time', label: 'My agent or bot loses on time' },
  { kind: 'ledger-check', label: 'A ledger check fails', adminOnly: true },
];

/** The profile's notification toggles; turning a kind on is the moment push may ask permission. */
export function NotificationPreferences({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const options = notificationPreferencesQueryOptions();
  const { data: preferences, isPending, error } = useQuery(options);
  const update = useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(options.queryKey, saved),
  });
  return (
    <fieldset className="notification-preferences" disabled={update.isPending}>
      <legend className="section-title">Notify me when</legend>
      {isPending ? <LoadingStatus>Loading…</LoadingStatus> : null}
      {error ? <p role="alert">{error.message}</p> : null}
      {update.error ? <p role="alert">{update.error.message}</p> : null}
      {preferences
        ? KIND_LABELS.filter((entry) => isAdmin || !entry.adminOnly).map(({ kind, label }) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={preferences[kind] ?? false}
                onChange={(event) => {
                  const enabled = event.currentTarget.checked;
                  if (enabled) announceInterestShown();
                  update.mutate({ [kind]: enabled });
                }}
              />
              {label}
            </label>
          ))
        : null}
    </fieldset>
  );
}
