import type { MatchSummary } from '#core/protocol/matches.ts';
import { AnnouncedMatches } from '#src/features/betting/components/AnnouncedMatches.tsx';
import { ActiveGamesPage } from '#src/features/matches/components/ActiveGamesPage.tsx';

const announcedMatches = (announced: readonly MatchSummary[] | undefined, pending: boolean) => (
  <AnnouncedMatches announced={announced} pending={pending} />
);

/** The app composes features: Active Games lists the matches taking bets first. */
export function ActiveGamesRoute() {
  return <ActiveGamesPage announcedMatches={announcedMatches} />;
}
