import type { MenuItem as ServerMenu } from '@sentinel/contract';

/**
 * Where a server-supplied menu item leads (SPEC §2 "Menu types"): type 1 is a page of the route
 * table (the menu tree knows it); type 4 a page loaded from the path the server supplies (opened
 * inside the console, like any route); type −1 an external link, carried either as the item's url
 * or as the `url` query parameter of it (e.g. `/external?url=https%3A%2F%2F…`), opened in a new
 * tab. Only http(s) links are followed and only same-origin paths are routed: a menu can never
 * run script (`javascript:`) or leave the console for a look-alike path (`//host`).
 */
export type MenuTarget = { kind: 'page'; path: string } | { kind: 'external'; href: string };

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

function externalHref(raw: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  const carried = url.searchParams.get('url');
  if (carried) return externalHref(carried, origin);
  return isHttp(url) && url.origin !== origin ? url.href : undefined;
}

function pagePath(raw: string, origin: string): string | undefined {
  if (!raw.startsWith('/') || raw.startsWith('//')) return undefined;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

export function serverMenuTarget(
  menu: Pick<ServerMenu, 'type' | 'url'>,
  origin: string,
): MenuTarget | undefined {
  const url = menu.url.trim();
  if (!url) return undefined;
  if (menu.type === -1) {
    const href = externalHref(url, origin);
    return href ? { kind: 'external', href } : undefined;
  }
  if (menu.type === 4) {
    const path = pagePath(url, origin);
    return path ? { kind: 'page', path } : undefined;
  }
  return undefined;
}
