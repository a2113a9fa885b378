import type { Database } from '#server/db/database.ts';
import { BOT_TOKENS_CHANNEL } from '#server/events/botEvents.ts';
import { botOfToken } from './botStore.ts';

/** Token hashes remembered per process; the oldest is forgotten past this. */
const MAX_ENTRIES = 10_000;

/**
 * Which bot a token hash names, remembered per process so a bot's move costs no look-up of its
 * token. A token is 32 random bytes, so its hash names one bot forever; whether the token still
 * lives (not rotated, revoked, suspended or retired) is not taken from here: the move's own
 * locking statement checks it (`lockBotMove`), so a dead token is refused by the very
 * transaction that would store its move. A death on `BOT_TOKENS_CHANNEL` still drops the bot's
 * entries, and a lost LISTEN connection all of them, so the map holds only live tokens.
 */
export class BotTokenCache {
  private readonly botByHash = new Map<string, string>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      BOT_TOKENS_CHANNEL,
      (botId) => this.forgetBot(botId),
      () => this.botByHash.clear(),
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.botByHash.clear();
  }

  /** The bot of `tokenHash`: remembered, else looked up (and remembered when it may play). */
  async botOf(tokenHash: string): Promise<string | null> {
    const known = this.botByHash.get(tokenHash);
    if (known !== undefined) return known;
    const botId = await botOfToken(this.db, tokenHash);
    if (botId === null) return null;
    if (this.botByHash.size >= MAX_ENTRIES) {
      const oldest = this.botByHash.keys().next().value;
      if (oldest !== undefined) this.botByHash.delete(oldest);
    }
    this.botByHash.set(tokenHash, botId);
    return botId;
  }

  private forgetBot(botId: string): void {
    for (const [hash, id] of this.botByHash) if (id === botId) this.botByHash.delete(hash);
  }
}
