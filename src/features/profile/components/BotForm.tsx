import { type FormEvent, useState } from 'react';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { CreateBotBody } from '#core/protocol/bots.ts';

/** Name, description and games of a new bot; the server validates and its message is shown. */
export function BotForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: string | null;
  onSubmit: (values: CreateBotBody) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [games, setGames] = useState<GameId[]>([...GAME_IDS]);
  const toggleGame = (game: GameId, on: boolean) =>
    setGames((current) => (on ? [...current, game] : current.filter((other) => other !== game)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: name.trim(), description: description.trim(), games });
  };
  return (
    <form className="bot-form" onSubmit={submit} aria-label="Register a bot">
      <label>
        Name
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          minLength={3}
          maxLength={24}
          aria-describedby="bot-name-rules"
        />
      </label>
      <small id="bot-name-rules">3–24 letters, digits, spaces, - or _.</small>
      <label>
        Description (optional)
        <input
          value={description}
          maxLength={160}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <fieldset className="bot-games">
        <legend>Games it plays</legend>
        {GAME_IDS.map((game) => (
          <label key={game}>
            <input
              type="checkbox"
              checked={games.includes(game)}
              onChange={(event) => toggleGame(game, event.target.checked)}
            />{' '}
            {GAME_NAMES[game]}
          </label>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="button primary" disabled={pending}>
          Register bot
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}
