import { Link } from 'react-router';
import type { GameId } from '#core/games/gameIds.ts';
import { matchStory, type MatchStory as Story, type StoryMove } from '#core/games/matchStory.ts';
import type { MatchMove } from '#core/protocol/matchMoves.ts';
import { moveText } from '#src/features/matches/boards/moveText.ts';
import { verdictLabel } from './verdictText.ts';

/** "92% (11 of 12 judged moves kept the value)", or why there is no figure. */
function accuracyText({ judged, accurate, percent }: Story['accuracy'][number]): string {
  if (percent === null) return 'no move judged';
  return `${percent}% (${accurate} of ${judged} judged ${judged === 1 ? 'move' : 'moves'} kept the value)`;
}

/**
 * The story of a finished match under its board: each side's accuracy, the turning point and the
 * biggest mistake, each a link that opens the replay at that move (`?move=N`, which a shared link
 * keeps). Shown only where moves were judged: a game without a judge has no story to tell yet.
 */
export function MatchStory({
  game,
  turns,
  names,
  onSelect,
}: {
  game: GameId;
  turns: readonly MatchMove[];
  names: readonly [string, string];
  /** Shows a move in the replay: the link's own URL alone would not move it a second time. */
  onSelect: (ply: number) => void;
}) {
  if (!turns.some((turn) => turn.verdict)) return null;
  const story = matchStory(turns);
  const moveLink = (pointed: StoryMove | null, none: string) => {
    if (!pointed) return none;
    const turn = turns[pointed.ply - 1];
    const mover = names[(pointed.ply - 1) % 2];
    return (
      <Link
        to={{ search: `?move=${pointed.ply}` }}
        replace
        onClick={() => onSelect(pointed.ply)}
        data-testid={`story-move-${pointed.ply}`}
      >
        Move {pointed.ply}: {mover}
        {turn ? ` played ${moveText(game, turn.move)}` : ''} ({verdictLabel(pointed).toLowerCase()})
      </Link>
    );
  };
  return (
    <section className="match-story" aria-labelledby="story-title" data-testid="match-story">
      <h2 id="story-title">How the match went</h2>
      <dl className="details">
        <dt>{names[0]}’s accuracy</dt>
        <dd data-testid="story-accuracy-1">{accuracyText(story.accuracy[0])}</dd>
        <dt>{names[1]}’s accuracy</dt>
        <dd data-testid="story-accuracy-2">{accuracyText(story.accuracy[1])}</dd>
        <dt>Turning point</dt>
        <dd data-testid="story-turning-point">
          {moveLink(story.turningPoint, 'None: no judged move changed the result.')}
        </dd>
        <dt>Biggest mistake</dt>
        <dd data-testid="story-biggest-mistake">
          {moveLink(story.biggestMistake, 'None: every judged move kept the value.')}
        </dd>
      </dl>
    </section>
  );
}
