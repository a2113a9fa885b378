import { AgentPage } from '#src/features/agents/components/AgentPage.tsx';
import { followButtonFor } from './followButton.tsx';

const follow = followButtonFor('agent');

/** The app composes features: an agent's (or a bot's) page shows its follow button and count. */
export function AgentRoute() {
  return <AgentPage follow={follow} />;
}
