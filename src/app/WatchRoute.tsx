import { BettingPanel } from '#src/features/betting/components/BettingPanel.tsx';
import { WatchPage } from '#src/features/matches/components/WatchPage.tsx';

const betting = (matchId: string, names: readonly [string, string]) => (
  <BettingPanel matchId={matchId} names={names} />
);

/** The app composes features: the watch page shows the match's betting panel. */
export function WatchRoute() {
  return <WatchPage betting={betting} />;
}
