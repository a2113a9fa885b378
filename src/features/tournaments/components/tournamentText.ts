import type { TournamentSummary } from '#core/protocol/tournamentViews.ts';

const FORMAT_NAMES: Record<TournamentSummary['format'], string> = {
  'round-robin': 'Round robin',
  swiss: 'Swiss',
  knockout: 'Knockout',
};

/** "Swiss, 5 rounds", "Round robin", "Knockout". */
export function formatText(tournament: Pick<TournamentSummary, 'format' | 'rounds'>): string {
  const name = FORMAT_NAMES[tournament.format];
  if (tournament.rounds === null) return name;
  return `${name}, ${tournament.rounds} ${tournament.rounds === 1 ? 'round' : 'rounds'}`;
}

const QUARTERS = ['', '¼', '½', '¾'] as const;

/** A score kept in quarter points, as people write it: 5 → "1¼", 2 → "½", 0 → "0". */
export function quarterPointsText(quarterPoints: number): string {
  const whole = Math.floor(quarterPoints / 4);
  const fraction = QUARTERS[quarterPoints % 4] ?? '';
  if (whole === 0 && fraction !== '') return fraction;
  return `${whole}${fraction}`;
}

/** A score kept in half points (a draw is one): 5 → "2½". */
export function halfPointsText(halfPoints: number): string {
  return quarterPointsText(halfPoints * 2);
}

/**
 * How long until a tournament starts, at the scale that matters: "in 2 d 3 h", "in 4 h 05 min",
 * "in 12 min", "in 40 s", and "any moment now" once the time has come (the runner starts it).
 */
export function tournamentStartsInText(startsAtMs: number, nowMs: number): string {
  const seconds = Math.ceil((startsAtMs - nowMs) / 1000);
  if (seconds <= 0) return 'any moment now';
  if (seconds < 60) return `in ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `in ${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `in ${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The start as a reader's clock shows it, with the date: "27 Nov 2026, 20:30". */
export function startText(startsAt: string): string {
  return new Date(startsAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A tournament game's state as a crosstable writes it: "1–0" (the first mover won), "0–1", "½–½",
 * "Playing" once its match exists, "Not started" before.
 */
export function gameResultText(game: {
  matchId: string | null;
  result: 'first' | 'second' | 'draw' | null;
}): string {
  if (game.result === 'first') return '1–0';
  if (game.result === 'second') return '0–1';
  if (game.result === 'draw') return '½–½';
  return game.matchId === null ? 'Not started' : 'Playing';
}
