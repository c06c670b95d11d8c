/**
 * The configuration as a one-key export holds it: nothing secret. Keys that name a secret
 * (password, secret, key, token, credential, salt, private) are masked whatever their value;
 * every string has the credentials of any URL in it removed (database and redis URLs, a trainer
 * or recordings server with user:password@); functions and live objects (the PGlite handle) are
 * left out.
 */
const SECRET_KEY = /pass|secret|key|token|credential|salt|private|cookie|auth/i;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi;
export const MASK = '***';

export function scrubString(value: string): string {
  return value.replace(URL_CREDENTIALS, '$1***@');
}

export function redactConfig(value: unknown, key = ''): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'function') return undefined;
  if (SECRET_KEY.test(key) && typeof value !== 'object' && typeof value !== 'boolean') return MASK;
  if (typeof value === 'string') return scrubString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => redactConfig(v));
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const r = redactConfig(v, k);
    if (r !== undefined) out[k] = r;
  }
  return out;
}
