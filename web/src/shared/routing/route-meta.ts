import { LAYOUT_EXTRA_ROUTES, type Lang, type MenuNode } from '@sentinel/contract';
import { useMatches } from 'react-router';
import { useLang } from '../i18n/i18n.ts';
import { ALL_NODES } from '../permission/permitted.ts';

/** `handle` of every route: the tree node code (menu routes) or a fixed title. */
export interface RouteHandle {
  code?: string;
  /** Title of fixed routes (login, errors) per language. */
  title?: Record<Lang, string>;
  hidden?: boolean;
  affix?: boolean;
  noCache?: boolean;
  adminOnly?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

const NODES = [...ALL_NODES, ...LAYOUT_EXTRA_ROUTES];

export function nodeForCode(code: string | undefined): MenuNode | undefined {
  return code ? NODES.find((n) => n.code === code) : undefined;
}

/** The deepest route handle of the current location. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle) && (handle.code || handle.title)) return handle;
  }
  return {};
}

export function handleTitle(handle: RouteHandle, lang: Lang): string {
  const node = nodeForCode(handle.code);
  if (node) return node.title[lang];
  return handle.title?.[lang] ?? '';
}

/** Title of the current route in the UI language. */
export function useRouteTitle(): string {
  const handle = useRouteHandle();
  const lang = useLang();
  return handleTitle(handle, lang);
}
