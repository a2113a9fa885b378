import { TournamentPage } from '#src/features/tournaments/components/TournamentPage.tsx';
import { followButtonFor } from './followButton.tsx';

const follow = followButtonFor('tournament');

/** The app composes features: a tournament's page shows its follow button. */
export function TournamentRoute() {
  return <TournamentPage follow={follow} />;
}
