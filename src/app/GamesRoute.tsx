import { GamesPage } from '#src/features/games/components/GamesPage.tsx';
import { followButtonFor } from './followButton.tsx';

const follow = followButtonFor('game');

/** The app composes features: each game in the catalogue has its follow button. */
export function GamesRoute() {
  return <GamesPage follow={follow} />;
}
