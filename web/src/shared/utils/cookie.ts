/** Minimal cookie helpers (path=/, session or one-year lifetime). */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/**
 * `; Secure` when the page was served over https: the cookie (the session token among them, which
 * JavaScript writes, so it cannot be HttpOnly — SPEC §3) then never travels over plain http.
 */
export const secureAttribute = (
  protocol: string = typeof location === 'undefined' ? '' : location.protocol,
) => (protocol === 'https:' ? '; Secure' : '');

export function setCookie(name: string, value: string, days?: number): void {
  const expires = days ? `; expires=${new Date(Date.now() + days * 864e5).toUTCString()}` : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax${secureAttribute()}`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie.
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax${secureAttribute()}`;
}
