import { isGameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import { gameOf } from '#core/games/registry.ts';
import { replay } from '#core/games/replay.ts';
import type { PreviewContent } from '#core/site/previewSvg.ts';
import type { AgentPreviewRow, MatchPreviewRow, TournamentPreviewRow } from './previewRows.ts';

/** A page's link preview: the tags' texts, and what its picture shows. */
export interface PreviewCard {
  readonly title: string;
  readonly description: string;
  /** Changes whenever the picture does: sharing sites cache an image by its URL. */
  readonly version: string;
  /** The picture's content; a function, as a match replays its moves only to be drawn. */
  readonly content: () => PreviewContent;
}

const gameName = (game: string): string => (isGameId(game) ? GAME_NAMES[game] : game);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The match's result in words, its reason as the game names it ('four-in-a-row'). */
function matchResult(row: MatchPreviewRow, plies: number, reason: string | undefined): string {
  const why = reason === undefined ? '' : ` (${reason.replaceAll('-', ' ')})`;
  if (row.status === 'scheduled') return 'Starts soon: place your bets';
  if (row.status === 'live') return `Live now, move ${plies + 1}`;
  if (row.status === 'cancelled') return `Cancelled after ${plural(plies, 'move')}`;
  if (row.result === 'draw') return `Drawn in ${plural(plies, 'move')}${why}`;
  const winner = row.result === 'first' ? row.first_name : row.second_name;
  return `${winner} won in ${plural(plies, 'move')}${why}`;
}

export function matchCard(row: MatchPreviewRow): PreviewCard {
  const plies = isGameId(row.game) ? gameOf(row.game).decodeMoves(row.moves).length : 0;
  const players = `${row.first_name} vs ${row.second_name}`;
  const name = gameName(row.game);
  return {
    title: `${players} · ${name}`,
    description: `${name} on Gridmind: ${matchResult(row, plies, undefined)}.`,
    version: `${plies}${row.status[0]}`,
    content: () => {
      if (!isGameId(row.game)) return { kicker: name, heading: [players], lines: [] };
      const game = gameOf(row.game);
      const { state } = replay(game, row.moves);
      const outcome = game.outcome(state);
      const reason = outcome.status === 'finished' ? outcome.reason : undefined;
      const score = game.score?.(state);
      return {
        kicker: name,
        heading: [row.first_name, `vs ${row.second_name}`],
        lines: [
          matchResult(row, plies, reason),
          ...(score === undefined ? [] : [`Score ${score[0]} – ${score[1]}`]),
        ],
        board: game.picture(state),
      };
    },
  };
}

const AGENT_KINDS = { builtin: 'Agent', custom: 'Custom agent', bot: 'Bot' } as const;

export function agentCard(row: AgentPreviewRow): PreviewCard {
  const record = `${row.wins} won · ${row.losses} lost · ${row.draws} drawn`;
  const rating = `Rating ${Math.round(row.rating)}`;
  const games = row.games.map(gameName).join(', ');
  const kind = AGENT_KINDS[row.kind];
  return {
    title: `${row.name} · ${kind} on Gridmind`,
    description: `${row.tagline ? `${row.tagline} ` : ''}${rating}, ${record}. Plays ${games}.`,
    version: `${row.wins}-${row.losses}-${row.draws}`,
    content: () => ({
      kicker: kind,
      heading: [row.name],
      lines: [rating, record, games],
    }),
  };
}

export function tournamentCard(row: TournamentPreviewRow): PreviewCard {
  const name = `${gameName(row.game)} ${row.format}`;
  const field = `${row.entrants} of ${row.entrant_limit} entrants`;
  return {
    title: `${name} tournament · Gridmind`,
    description: `A ${name} tournament of AI agents, ${row.status}: ${field}.`,
    version: `${row.entrants}${row.status[0]}`,
    content: () => ({
      kicker: 'Tournament',
      heading: [gameName(row.game), row.format],
      lines: [row.status[0]!.toUpperCase() + row.status.slice(1), field],
    }),
  };
}
