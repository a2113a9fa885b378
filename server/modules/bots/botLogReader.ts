import type { Database } from '#server/db/database.ts';
import { type BotEventRow, readBotLogs } from './botStore.ts';

interface WantedLog {
  botId: string;
  afterSeq: number;
  resolve: (events: BotEventRow[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads the bots' logs for the streams of a process, many at once: the reads asked while one is
 * under way go out together in the next, one statement however many streams a commit woke (a
 * batch of moves wakes the streams of every bot in it). Each stream still reads its own log
 * after its own last event, so what it gets, and in which order, is as if it read alone.
 */
export class BotLogReader {
  private wanted: WantedLog[] = [];
  private reading = false;

  constructor(
    private readonly db: Database,
    private readonly limit: number,
  ) {}

  /** The bot's events after `afterSeq`, in order, at most `limit`. */
  read(botId: string, afterSeq: number): Promise<BotEventRow[]> {
    return new Promise((resolve, reject) => {
      this.wanted.push({ botId, afterSeq, resolve, reject });
      this.readNext();
    });
  }

  private readNext(): void {
    if (this.reading || this.wanted.length === 0) return;
    const batch = this.wanted;
    this.wanted = [];
    this.reading = true;
    void readBotLogs(this.db, batch, this.limit)
      .then(
        (logs) => {
          for (const [index, want] of batch.entries()) want.resolve(logs[index] ?? []);
        },
        (error: unknown) => {
          for (const want of batch) want.reject(error);
        },
      )
      .finally(() => {
        this.reading = false;
        this.readNext();
      });
  }
}
