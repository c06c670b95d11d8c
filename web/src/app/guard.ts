import { LAYOUT_EXTRA_ROUTES, type MenuNode } from '@sentinel/contract';
import { matchPath } from 'react-router';
import { ALL_NODES } from '../shared/permission/permitted.ts';
import { loginUrl } from '../shared/utils/safe-redirect.ts';

export const FIRST_LOGIN_PATH = '/firstLoginChangePassword';
const OPEN_WITHOUT_TOKEN = new Set(['/login', '/auth-redirect']);

export interface GuardInput {
  pathname: string;
  search: string;
  token: string;
  /** User info and menus are loaded (roles known). */
  loaded: boolean;
  mustChangePassword: boolean;
  permitted: ReadonlySet<string>;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  | { type: 'load' }
  | { type: 'tokenError'; message: string; to: string }
  | { type: 'storeToken'; token: string; to: string };

const ROUTED_NODES: MenuNode[] = [...ALL_NODES, ...LAYOUT_EXTRA_ROUTES].sort(
  // Static paths before parameterised ones.
  (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
);

/** The tree node a pathname opens (undefined for fixed routes and unknown paths). */
export function nodeForPath(pathname: string): MenuNode | undefined {
  return ROUTED_NODES.find((node) => matchPath({ path: node.path, end: true }, pathname));
}

/** SPEC §2 route guard, as a pure decision. */
export function decide(input: GuardInput): GuardDecision {
  const { pathname, token } = input;
  const params = new URLSearchParams(input.search);
  const here = `${pathname}${input.search}`;

  const queryToken = params.get('token');
  if ((pathname === '/dashboard' || pathname === '/') && queryToken !== null) {
    if (queryToken === '-1') return { type: 'tokenError', message: params.get('message') ?? '', to: '/404' };
    params.delete('token');
    const rest = params.toString();
    return { type: 'storeToken', token: queryToken, to: `/dashboard${rest ? `?${rest}` : ''}` };
  }

  if (!token) {
    return OPEN_WITHOUT_TOKEN.has(pathname) ? { type: 'allow' } : { type: 'redirect', to: loginUrl(here) };
  }
  if (pathname === '/login') return { type: 'redirect', to: '/dashboard' };
  if (pathname === '/auth-redirect') return { type: 'allow' };
  if (!input.loaded) return { type: 'load' };
  if (input.mustChangePassword && pathname !== FIRST_LOGIN_PATH)
    return { type: 'redirect', to: FIRST_LOGIN_PATH };

  const node = nodeForPath(pathname);
  if (node && !node.anyUser && !input.permitted.has(node.code)) return { type: 'redirect', to: '/401' };
  return { type: 'allow' };
}
