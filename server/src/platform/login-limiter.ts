/**
 * Login failure counters per account name and per client address, kept IN MEMORY per process
 * (fixed window). Several instances each count on their own; with N instances an attacker gets
 * at most N times the budget, still bounded. A successful login resets the account's counter.
 */
export interface LoginLimiter {
  /** True when either counter has reached its limit. */
  isLimited(accountName: string, ip: string): boolean;
  recordFailure(accountName: string, ip: string): void;
  resetAccount(accountName: string): void;
}

interface Window {
  start: number;
  failures: number;
}

export function createLoginLimiter(
  limits: { perAccount: number; perIp: number; windowMs: number },
  now: () => Date,
): LoginLimiter {
  const accounts = new Map<string, Window>();
  const ips = new Map<string, Window>();
  const current = (map: Map<string, Window>, key: string): Window | undefined => {
    const entry = map.get(key);
    if (entry && now().getTime() - entry.start >= limits.windowMs) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  const bump = (map: Map<string, Window>, key: string) => {
    const entry = current(map, key);
    if (entry) entry.failures += 1;
    else map.set(key, { start: now().getTime(), failures: 1 });
    if (map.size > 100_000) {
      for (const k of map.keys()) current(map, k);
    }
  };
  const accountKey = (name: string) => name.trim().toLowerCase();
  return {
    isLimited(accountName, ip) {
      const a = current(accounts, accountKey(accountName));
      const i = current(ips, ip);
      return (a?.failures ?? 0) >= limits.perAccount || (i?.failures ?? 0) >= limits.perIp;
    },
    recordFailure(accountName, ip) {
      bump(accounts, accountKey(accountName));
      bump(ips, ip);
    },
    resetAccount(accountName) {
      accounts.delete(accountKey(accountName));
    },
  };
}
