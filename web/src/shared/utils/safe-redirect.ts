/**
 * Returns the redirect target when it is a same-origin absolute path (no scheme, no host, no
 * protocol-relative `//`, no backslash tricks), else the fallback.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target) return fallback;
  let value = target.trim();
  try {
    // A redirect may arrive encoded once more than needed.
    if (/^%2f/i.test(value)) value = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if ([...value].some((ch) => ch.charCodeAt(0) < 32)) return fallback;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/redirect/')) return fallback;
  return value;
}

/** `/login?redirect=<path+query>` for the given location. */
export function loginUrl(pathWithQuery: string): string {
  const target = safeRedirect(pathWithQuery, '');
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
