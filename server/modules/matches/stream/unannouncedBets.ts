import type { MatchPools } from '#core/protocol/pools.ts';

/** Matches whose bet count a process remembers: the announced ones being watched, never many. */
const MAX_REMEMBERED = 1_000;

/** A match's pools as read from the database (null: no such match). */
type ReadPools = (matchId: string) => Promise<MatchPools | null>;

/**
 * How often a process reads again the pools of the matches still taking bets that its streams
 * watch. A bet a dead process never announced, with no stream reopening and no bet after it, is
 * then in every watcher's pools within this period: the betting panel is never older than that.
 */
export const POOLS_RECHECK_MS = 2_000;

/**
 * The pools reads of a process's match streams: `read` for a bet's announcement, `readOnOpen` for
 * a stream that (re)opens, `recheck` every POOLS_RECHECK_MS. A process that died between a bet's
 * commit and its NOTIFY left that bet unannounced, and watchers connected elsewhere would hold
 * pools without it until the next bet. So the process remembers how many bets the last pools it
 * read counted, per match still taking bets; a read that finds more (a watcher of the dead
 * process coming back, or the periodic recheck) announces the pools to every process. A bet whose
 * announcement is merely still on its way costs, at worst, one announcement more.
 */
export function watchUnannouncedBets(
  readPools: ReadPools,
  announcePools: (matchId: string) => void,
  /** Shares reads among callers (coalesce): the count is kept once per read, not per watcher. */
  share: (read: ReadPools) => ReadPools = (read) => read,
): {
  read: ReadPools;
  readOnOpen: ReadPools;
  recheck: (watchedHere: (matchId: string) => boolean) => Promise<void>;
} {
  const betsRead = new Map<string, number>();
  const read = share(async (matchId) => {
    const pools = await readPools(matchId);
    betsRead.delete(matchId);
    // Closed pools change no more: the first move re-reads them on every page.
    if (!pools?.open) return pools;
    betsRead.set(matchId, pools.bets);
    // Oldest first: a match not read for a long time is long past its betting window.
    if (betsRead.size > MAX_REMEMBERED) betsRead.delete(betsRead.keys().next().value ?? '');
    return pools;
  });
  const readOnOpen: ReadPools = async (matchId) => {
    const before = betsRead.get(matchId);
    const pools = await read(matchId);
    if (pools?.open && before !== undefined && pools.bets > before) announcePools(matchId);
    return pools;
  };
  // Only matches this process's streams still watch: the others are forgotten, not read. One
  // pools read per watched match still taking bets; a failed one waits for the next period.
  const recheck = async (watchedHere: (matchId: string) => boolean) => {
    const watched = [...betsRead.keys()].filter((matchId) => {
      if (watchedHere(matchId)) return true;
      betsRead.delete(matchId);
      return false;
    });
    await Promise.all(watched.map((matchId) => readOnOpen(matchId).catch(() => null)));
  };
  return { read, readOnOpen, recheck };
}
