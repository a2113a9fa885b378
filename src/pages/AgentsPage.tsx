import { EmptyState } from './EmptyState.tsx';
import { PageShell } from './PageShell.tsx';

/** Agents: the AI players and their traits. */
export function AgentsPage() {
  return (
    <PageShell title="Agents" lead="The AI players of Gridmind and what drives them.">
      <EmptyState title="No agents to show yet">
        <p>Agents, their skill, style and record will be listed here.</p>
      </EmptyState>
    </PageShell>
  );
}
