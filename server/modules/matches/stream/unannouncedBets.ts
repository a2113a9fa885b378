import type { MatchPools } from '#core/protocol/pools.ts';

/** Matches whose bet count a process remembers: the announced ones being watched, never many. */
const MAX_REMEMBERED = 1_000;

/** A match's pools as read from the database (null: no such match). */
type ReadPools = (matchId: string) => Promise<MatchPools | null>;

/**
 * The pools reads of a process's match streams: `read` for a bet's announcement, `readOnOpen` for
 * a stream that (re)opens. A process that died between a bet's commit and its NOTIFY left that
 * bet unannounced, and watchers connected elsewhere would hold pools without it until the next
 * bet. So the process remembers how many bets the last pools it read counted, per match still
 * taking bets; a stream opening (a watcher of the dead process coming back, say) that reads more
 * announces the pools to every process. A bet whose announcement is merely still on its way
 * costs, at worst, one announcement more.
 */
export function watchUnannouncedBets(
  readPools: ReadPools,
  announcePools: (matchId: string) => void,
  /** Shares reads among callers (coalesce): the count is kept once per read, not per watcher. */
  share: (read: ReadPools) => ReadPools = (read) => read,
): { read: ReadPools; readOnOpen: ReadPools } {
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
  return { read, readOnOpen };
}
