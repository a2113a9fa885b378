import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_ACTIVE_AGENTS_PER_USER } from '#core/protocol/customAgents.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import {
  createAgent,
  myAgentsQueryOptions,
  retireAgent,
  updateAgent,
} from '#src/features/agentEditor/api/myAgents.ts';
import { toast } from '#src/lib/toast.ts';
import { AgentForm, type AgentFormValues } from './AgentForm.tsx';
import './agentEditor.css';

/** `/agents/mine`: create, edit and retire one's own agents, which then play live matches. */
export function MyAgentsPage() {
  const queryClient = useQueryClient();
  const mine = useQuery(myAgentsQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['agents'] });
  const create = useMutation({
    mutationFn: createAgent,
    onSuccess: async (agent) => {
      toast.success({
        message: `${agent.name} is ready`,
        description: 'It joins the next matches.',
      });
      await refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, values }: { id: string; values: AgentFormValues }) =>
      updateAgent(id, values),
    onSuccess: async () => {
      setEditing(null);
      toast.success({ message: 'Agent saved' });
      await refresh();
    },
  });
  const retire = useMutation({
    mutationFn: retireAgent,
    onSuccess: async (agent) => {
      toast.info({ message: `${agent.name} retired` });
      await refresh();
    },
    onError: (error) => toast.error({ message: 'Not retired', description: error.message }),
  });

  if (mine.isPending) return <LoadingStatus>Loading your agents…</LoadingStatus>;
  if (!mine.data) {
    return (
      <section className="page">
        <h1>Your agents</h1>
        <p>Sign in to create agents that play on Gridmind.</p>
      </section>
    );
  }
  const active = mine.data.items.filter((agent) => agent.status !== 'retired');
  return (
    <section className="page" aria-labelledby="my-agents-title">
      <h1 id="my-agents-title">Your agents</h1>
      <p className="lead">
        Your agents play live matches against the roster; you earn a share of the betting commission
        on every match they play. Up to {MAX_ACTIVE_AGENTS_PER_USER} active agents.
      </p>
      <h2 className="section-title">New agent</h2>
      {active.length < MAX_ACTIVE_AGENTS_PER_USER ? (
        <AgentForm
          key={mine.dataUpdatedAt}
          submitLabel="Create agent"
          pending={create.isPending}
          error={create.error?.message ?? null}
          onSubmit={(values) => create.mutate(values)}
        />
      ) : (
        <p>You have {MAX_ACTIVE_AGENTS_PER_USER} active agents; retire one to create another.</p>
      )}
      <h2 className="section-title">Your agents</h2>
      {mine.data.items.length === 0 ? <p>None yet.</p> : null}
      <ul className="my-agents">
        {mine.data.items.map((agent) => (
          <li key={agent.id} data-testid="my-agent">
            <span className="agent-swatch" style={{ background: agent.color }} aria-hidden />{' '}
            <a href={`/agents/${agent.id}`}>{agent.name}</a> · {agent.status} · rating{' '}
            {agent.rating} · {agent.record.wins}/{agent.record.losses}/{agent.record.draws} · earned{' '}
            {agent.earnings}
            {agent.status !== 'retired' ? (
              <>
                {' '}
                <button type="button" className="button" onClick={() => setEditing(agent.id)}>
                  Edit
                </button>{' '}
                <button
                  type="button"
                  className="button"
                  onClick={() => retire.mutate(agent.id)}
                  disabled={retire.isPending}
                >
                  Retire
                </button>
              </>
            ) : null}
            {editing === agent.id ? (
              <AgentForm
                agent={agent}
                submitLabel="Save"
                pending={update.isPending}
                error={update.error?.message ?? null}
                onSubmit={(values) => update.mutate({ id: agent.id, values })}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
