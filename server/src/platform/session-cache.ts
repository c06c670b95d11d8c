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

/** Internal bus event: sessions of an account (or one token, or all: both null) changed. */
export const SESSIONS_CHANGED = 'sessions.changed';
export interface SessionsChanged {
  accountId: number | null;
  tokenHash: string | null;
}

/**
 * The app's session cache: drops here at once and tells every instance through the bus (an
 * internal event, never on the event stream), so a logout, lock or grant change made on one
 * instance applies on the others within the bus's latency instead of SESSION_CACHE_MS, and open
 * event streams of those sessions end (events/routes.ts) — the browser reconnects with what it
 * may now see, or is told to log in again.
 */
export function sharedSessionCache(
  local: SessionCache,
  publish: (change: SessionsChanged) => Promise<void>,
  onPublishError: (error: unknown) => void,
): SessionCache & { applyRemote(change: SessionsChanged): void } {
  const tell = (change: SessionsChanged) => void publish(change).catch(onPublishError);
  return {
    get: (tokenHash) => local.get(tokenHash),
    set: (user) => local.set(user),
    dropToken(tokenHash) {
      local.dropToken(tokenHash);
      tell({ accountId: null, tokenHash });
    },
    dropAccount(accountId) {
      local.dropAccount(accountId);
      tell({ accountId, tokenHash: null });
    },
    clear() {
      local.clear();
      tell({ accountId: null, tokenHash: null });
    },
    applyRemote(change) {
      if (change.tokenHash) local.dropToken(change.tokenHash);
      else if (change.accountId !== null) local.dropAccount(change.accountId);
      else local.clear();
    },
    get size() {
      return local.size;
    },
  };
}

/** Whether a change touches a session of this account and token. */
export function changeTouches(change: SessionsChanged, accountId: number, tokenHash: string): boolean {
  if (change.tokenHash) return change.tokenHash === tokenHash;
  return change.accountId === null || change.accountId === accountId;
}
