import { type FormEvent, useState } from 'react';
import type { AgentTraits } from '#core/agents/traits.ts';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { OwnedAgent } from '#core/protocol/customAgents.ts';

/** What the form submits: the create body (also valid as a full update). */
export interface AgentFormValues {
  name: string;
  color: string;
  tagline: string;
  traits: AgentTraits;
  games: GameId[];
}

const DEFAULTS: AgentFormValues = {
  name: '',
  color: '#4f46e5',
  tagline: '',
  traits: { skill: 5, style: 'balanced', risk: 0.3, thinkTimeMs: 1000 },
  games: [...GAME_IDS],
};

/** Name, colour, tagline, traits and games; the server validates and its message is shown. */
export function AgentForm({
  agent,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  agent?: OwnedAgent;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (values: AgentFormValues) => void;
}) {
  const [values, setValues] = useState<AgentFormValues>(agent ?? DEFAULTS);
  const setTrait = <K extends keyof AgentTraits>(key: K, value: AgentTraits[K]) =>
    setValues((current) => ({ ...current, traits: { ...current.traits, [key]: value } }));
  const toggleGame = (game: GameId, on: boolean) =>
    setValues((current) => ({
      ...current,
      games: on ? [...current.games, game] : current.games.filter((other) => other !== game),
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form className="agent-form" onSubmit={submit}>
      <label>
        Name
        <input
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          required
          minLength={3}
          maxLength={24}
        />
      </label>
      <label>
        Colour
        <input
          type="color"
          value={values.color}
          onChange={(event) => setValues({ ...values, color: event.target.value })}
        />
      </label>
      <label>
        Tagline
        <input
          value={values.tagline}
          maxLength={80}
          onChange={(event) => setValues({ ...values, tagline: event.target.value })}
        />
      </label>
      <label>
        Skill (1–10)
        <input
          type="number"
          min={1}
          max={10}
          value={values.traits.skill}
          onChange={(event) => setTrait('skill', Number(event.target.value))}
        />
      </label>
      <label>
        Style
        <select
          value={values.traits.style}
          onChange={(event) => setTrait('style', event.target.value as AgentTraits['style'])}
        >
          <option value="aggressive">Aggressive</option>
          <option value="balanced">Balanced</option>
          <option value="defensive">Defensive</option>
        </select>
      </label>
      <label>
        Risk (0–1)
        <input
          type="number"
          min={0}
          max={1}
          step={0.05}
          value={values.traits.risk}
          onChange={(event) => setTrait('risk', Number(event.target.value))}
        />
      </label>
      <label>
        Think time (ms)
        <input
          type="number"
          min={100}
          max={10000}
          step={100}
          value={values.traits.thinkTimeMs}
          onChange={(event) => setTrait('thinkTimeMs', Number(event.target.value))}
        />
      </label>
      <fieldset className="agent-games">
        <legend>Games it plays</legend>
        {GAME_IDS.map((game) => (
          <label key={game}>
            <input
              type="checkbox"
              checked={values.games.includes(game)}
              onChange={(event) => toggleGame(game, event.target.checked)}
            />{' '}
            {GAME_NAMES[game]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={pending}>
        {submitLabel}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}
