import { useEffect, useRef, useState } from 'react';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { OwnedBot } from '#core/protocol/bots.ts';

const STATUS_LABELS: Record<OwnedBot['status'], string> = {
  active: 'Active',
  suspended: 'Suspended by an admin',
  retired: 'Retired',
};

/** What the owner can do to a bot (each sends one request and reports its outcome). */
export interface BotActions {
  regenerate: (bot: OwnedBot) => void;
  revoke: (bot: OwnedBot) => void;
  retire: (bot: OwnedBot) => void;
  /** A request is under way: the buttons wait for it. */
  pending: boolean;
}

/** The owner's bots with their state, standing and token buttons; retiring asks first. */
export function BotList({ bots, actions }: { bots: OwnedBot[]; actions: BotActions }) {
  return (
    <ul className="bot-list">
      {bots.map((bot) => (
        <BotItem key={bot.id} bot={bot} actions={actions} />
      ))}
    </ul>
  );
}

function BotItem({ bot, actions }: { bot: OwnedBot; actions: BotActions }) {
  const [confirming, setConfirming] = useState(false);
  const retireButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    // Cancelling puts focus back where it was, not on the page's start.
    if (!confirming && cancelled.current) retireButton.current?.focus();
    cancelled.current = false;
  }, [confirming]);
  const { wins, losses, draws } = bot.record;
  return (
    <li className="bot-item" data-testid="my-bot" aria-labelledby={`bot-${bot.id}`}>
      <h3 id={`bot-${bot.id}`} className="bot-name">
        <a href={`/agents/${bot.id}`}>{bot.name}</a>
      </h3>
      {bot.description ? <p>{bot.description}</p> : null}
      <p className="bot-facts">
        <span data-testid="bot-status">{STATUS_LABELS[bot.status]}</span>
        {bot.status === 'retired' ? null : (
          <span data-testid="bot-online">{bot.online ? 'Online' : 'Offline'}</span>
        )}
        <span>Rating {bot.rating}</span>
        <span>
          {wins} W / {losses} L / {draws} D
        </span>
        <span>{bot.games.map((game) => GAME_NAMES[game]).join(', ')}</span>
        {bot.status !== 'retired' && !bot.hasToken ? <span>No token</span> : null}
      </p>
      {bot.status === 'retired' ? null : confirming ? (
        <RetireConfirm
          id={bot.id}
          name={bot.name}
          pending={actions.pending}
          onConfirm={() => actions.retire(bot)}
          onCancel={() => {
            cancelled.current = true;
            setConfirming(false);
          }}
        />
      ) : (
        <div className="bot-actions">
          <button
            type="button"
            className="button"
            disabled={actions.pending}
            onClick={() => actions.regenerate(bot)}
          >
            {bot.hasToken ? 'Regenerate token' : 'New token'}
          </button>
          {bot.hasToken ? (
            <button
              type="button"
              className="button"
              disabled={actions.pending}
              onClick={() => actions.revoke(bot)}
            >
              Revoke token
            </button>
          ) : null}
          <button
            ref={retireButton}
            type="button"
            className="button"
            onClick={() => setConfirming(true)}
          >
            Retire
          </button>
        </div>
      )}
    </li>
  );
}

/** The confirm step of retiring; focus moves to it and Cancel goes back to the buttons. */
function RetireConfirm(props: {
  id: string;
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancel.current?.focus();
  }, []);
  return (
    <div className="bot-actions">
      <span id={`retire-${props.id}`}>
        Retire {props.name} for good? It stops playing and cannot come back.
      </span>
      <button
        type="button"
        className="button primary"
        aria-describedby={`retire-${props.id}`}
        disabled={props.pending}
        onClick={props.onConfirm}
      >
        Yes, retire
      </button>
      <button ref={cancel} type="button" className="button" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
