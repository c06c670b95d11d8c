import type { SessionUser } from './types.ts';

/**
 * How long one instance trusts a resolved session (token hash → caller) without asking the
 * database. Profiling the alarm list bench (bench/README.md, "Alarms") showed the three queries
 * that resolve a session (session row, account, grants) were most of the Node time of a light
 * authenticated request: query building in drizzle, the socket writes and the row parsing.
 *
 * Changes made through this instance drop the entries at once (logout: the token; password
 * change: every token of the account; `dropAccount` / `clear` for lock and grant changes).
 * Another instance (several behind a load balancer) sees a logout, a lock or a grant change made
 * elsewhere at most this long after it happened.
 */
export const SESSION_CACHE_MS = 5_000;

/** Bound on the entries kept (one per live token); past it the cache starts over. */
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  /** Epoch ms after which the entry is no longer used. */
  until: number;
}

export interface SessionCache {
  get(tokenHash: string): SessionUser | undefined;
  set(user: SessionUser): void;
  /** Logout of one token. */
  dropToken(tokenHash: string): void;
  /** Password change, lock, role or grant change of an account: every token of it. */
  dropAccount(accountId: number): void;
  /** Role or menu changes that touch any number of accounts. */
  clear(): void;
  readonly size: number;
}

/** `ttlMs` 0 turns the cache off (every request reads the database). */
export function createSessionCache(ttlMs: number, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, Entry>();
  return {
    get(tokenHash) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now() >= entry.until) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.user;
    },
    set(user) {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(user.tokenHash, { user, until: now() + ttlMs });
    },
    dropToken(tokenHash) {
      entries.delete(tokenHash);
    },
    dropAccount(accountId) {
      for (const [key, entry] of entries) if (entry.user.accountId === accountId) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
