// The worker's copy of recently resolved sessions, keyed by the token's hash. It only ever says
// "yes, this token signs in": a miss, a stale entry or any refusal goes to the database, which
// decides. An entry is trusted while
//   - this worker's holder has listened without a break since before the entry was read,
//   - no change was announced between the read and the store (a read may have begun before a
//     commit whose notice came before the store),
//   - the session was seen within TOUCH_EVERY_MS: the next lookup after that reads the database
//     and refreshes last_seen_at, so the idle timeout stays exact on every worker.
import type { SessionUser } from '../../../contract/api/accounts';
import type { Principal } from '../../types';
import type { Change } from './messages';

export interface CachedSession {
  sessionId: string;
  principal: Readonly<Principal>;
  user: Readonly<SessionUser>;
  lastSeenAtMs: number;
  expiresAtMs: number;
}

/** Where a read began: what the store must still see for the read's result to be kept. */
export interface ReadMark {
  epoch: number;
  changes: number;
  /** Whether the holder listened when the mark was taken. */
  listening: boolean;
}

/** Enough for every signed-in user of a busy worker; past it the oldest entries go first. */
const MAX_ENTRIES = 20_000;

export function createSessionStore(options: { freshForMs: number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, CachedSession>();
  /** Bumped whenever the holder starts or stops listening: entries read across a break are not kept. */
  let epoch = 0;
  let listening = false;
  /** Every change announced (even one that named nothing cached here). */
  let changes = 0;

  /** Whether notices were read without a break since `mark` (then its `changes` tells the rest). */
  function listenedSince(mark: ReadMark): boolean {
    return listening && mark.listening && mark.epoch === epoch;
  }

  function forget(predicate: (entry: CachedSession) => boolean) {
    for (const [key, entry] of entries) if (predicate(entry)) entries.delete(key);
  }

  return {
    /** The entry for a token hash, if still fresh at `nowMs`; undefined sends the caller to the database. */
    get(tokenHash: string, nowMs: number): CachedSession | undefined {
      if (!listening) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (nowMs - entry.lastSeenAtMs >= options.freshForMs || nowMs >= entry.expiresAtMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },

    mark(): ReadMark {
      return { epoch, changes, listening };
    },

    listenedSince,

    /** Keeps what a read found, unless the holder stopped listening or a change came since `mark`. */
    put(tokenHash: string, entry: CachedSession, mark: ReadMark): boolean {
      if (!listenedSince(mark) || mark.changes !== changes) return false;
      Object.freeze(entry.principal);
      Object.freeze(entry.user);
      Object.freeze(entry.user.backOfficeRoles);
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return true;
    },

    apply(change: Change) {
      changes++;
      switch (change.kind) {
        case 'all':
          entries.clear();
          return;
        case 'session':
          return forget((e) => e.sessionId === change.id);
        case 'user':
          return forget((e) => e.principal.userId === change.id);
        case 'company':
          return forget((e) => e.principal.companyId === change.id);
      }
    },

    /** The holder listens from now on (after LISTEN and before it answers any fence). */
    startListening() {
      entries.clear();
      epoch++;
      listening = true;
    },

    /** The holder lost its connection: notices may be lost from here on, so nothing is trusted. */
    stopListening() {
      entries.clear();
      epoch++;
      listening = false;
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
