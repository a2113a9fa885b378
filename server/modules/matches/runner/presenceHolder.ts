import type { Database, DatabaseSession } from '#server/db/database.ts';
import {
  lockPresence,
  type OwnerLiveness,
  registerRunner,
  unlockPresence,
} from '#server/modules/matches/store/ownerLiveness.ts';

/**
 * The owners the runners of this process hold on each embedded database, with how many runners
 * hold each: as one process opens a PGlite database at a time, these are every owner alive on it.
 * A restarted server finds its previous owner id among none of them, so takes its matches over at
 * its first sweep. Kept per database: runners of another database in this process (tests open
 * many) neither keep its matches alive nor share its live target.
 */
const heldOnDatabase = new WeakMap<Database, Map<string, number>>();

function heldOwners(db: Database): Map<string, number> {
  let held = heldOnDatabase.get(db);
  if (!held) {
    held = new Map();
    heldOnDatabase.set(db, held);
  }
  return held;
}

/**
 * A runner's sign of life to every other process on the database (ownerLiveness.ts): on
 * PostgreSQL its presence lock on the database's own session, taken again after that connection
 * was lost; on PGlite its place among the owners this process holds.
 */
export class PresenceHolder {
  /** The session the lock is held on (PostgreSQL), or true once among its database's owners (PGlite). */
  private heldOn: DatabaseSession | true | null = null;
  private taking: Promise<boolean> | null = null;

  constructor(
    private readonly db: Database,
    private readonly owner: string,
  ) {}

  /**
   * Holds the presence, taking it (again) when not held; false while it cannot be: someone else
   * holds the lock this instant (a claim testing it, or a previous process of this owner id that
   * is not yet gone). A runner claims and starts matches only while this is true.
   */
  hold(): Promise<boolean> {
    if (this.heldOn === true || this.heldOn?.open()) return Promise.resolve(true);
    // The sweep and the takeover loop may ask at once: one lock taken, not two (a session's
    // advisory locks count, and the release gives up one).
    this.taking ??= this.take().finally(() => {
      this.taking = null;
    });
    return this.taking;
  }

  private async take(): Promise<boolean> {
    if (this.db.kind === 'pglite') {
      const heldHere = heldOwners(this.db);
      heldHere.set(this.owner, (heldHere.get(this.owner) ?? 0) + 1);
      this.heldOn = true;
      return true;
    }
    if (!this.db.session) throw new Error('a PostgreSQL database without a session of its own');
    const session = await this.db.session();
    if (!(await lockPresence(session, this.owner))) return false;
    // Registered, or not held: a lock taken twice on one session needs two releases.
    await registerRunner(session, this.owner).catch(async (error: unknown) => {
      await unlockPresence(session, this.owner).catch(() => undefined);
      throw error;
    });
    this.heldOn = session;
    return true;
  }

  /** How claims tell a gone owner on this database. */
  liveness(): OwnerLiveness {
    return this.db.kind === 'pglite'
      ? { by: 'list', owners: [...heldOwners(this.db).keys()] }
      : { by: 'lock' };
  }

  /** Gives the presence up (a clean stop, once the matches were released). */
  async release(): Promise<void> {
    const held = this.heldOn;
    this.heldOn = null;
    if (held === true) {
      const heldHere = heldOwners(this.db);
      const count = (heldHere.get(this.owner) ?? 1) - 1;
      if (count > 0) heldHere.set(this.owner, count);
      else heldHere.delete(this.owner);
    } else if (held?.open()) {
      await unlockPresence(held, this.owner);
    }
  }
}
