import type { RoleMenuNode } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import {
  allGrants,
  checkState,
  emptyGrants,
  fromAuth,
  type Grants,
  grantedButtonCount,
  toAuth,
  toggleButton,
  togglePage,
} from './grants.ts';

const node = (code: string, extra: Partial<RoleMenuNode> = {}): RoleMenuNode => ({
  id: code.length,
  code,
  title: { en: code, 'zh-CN': code },
  adminOnly: false,
  grantable: true,
  buttons: [],
  children: [],
  ...extra,
});
const buttons = (page: string, ...actions: string[]) =>
  actions.map((action) => ({ code: `${page}:${action}`, action }));

const TREE: RoleMenuNode[] = [
  node('home', { children: [node('dashboard', { buttons: buttons('dashboard', 'deal', 'cancel') })] }),
  node('generalSceneManage'),
  node('permission', {
    children: [
      node('page', { adminOnly: true, grantable: false }),
      node('role', { buttons: buttons('role', 'add', 'edit', 'delete', 'auth') }),
      node('accounts', { buttons: buttons('accounts', 'add') }),
    ],
  }),
];

const of = (pages: string[], btns: string[] = []): Grants => ({
  pages: new Set(pages),
  buttons: new Set(btns),
});
const sorted = (g: Grants) => ({ pages: [...g.pages].sort(), buttons: [...g.buttons].sort() });

describe('role grants', () => {
  it('checking a page checks nothing else', () => {
    const g = togglePage(TREE, emptyGrants(), 'role', true);
    expect(sorted(g)).toEqual({ pages: ['role'], buttons: [] });
  });

  it('checking a button implies its page; unchecking it keeps the page', () => {
    const g = toggleButton(TREE, emptyGrants(), 'role', 'role:edit', true);
    expect(sorted(g)).toEqual({ pages: ['role'], buttons: ['role:edit'] });
    expect(sorted(toggleButton(TREE, g, 'role', 'role:edit', false))).toEqual({
      pages: ['role'],
      buttons: [],
    });
  });

  it('unchecking a page drops its buttons', () => {
    const g = togglePage(TREE, of(['role', 'accounts'], ['role:add', 'accounts:add']), 'role', false);
    expect(sorted(g)).toEqual({ pages: ['accounts'], buttons: ['accounts:add'] });
  });

  it('checking a group grants its grantable pages only (not admin-only ones, not buttons)', () => {
    const g = togglePage(TREE, emptyGrants(), 'permission', true);
    expect(sorted(g)).toEqual({ pages: ['accounts', 'role'], buttons: [] });
    expect(sorted(togglePage(TREE, of(['role'], ['role:add']), 'permission', false))).toEqual({
      pages: [],
      buttons: [],
    });
  });

  it('never changes an admin-only page or a button that is not the page’s', () => {
    const start = emptyGrants();
    expect(togglePage(TREE, start, 'page', true)).toEqual(start);
    expect(toggleButton(TREE, start, 'page', 'page:view', true)).toBe(start);
    expect(toggleButton(TREE, start, 'role', 'accounts:add', true)).toBe(start);
    expect(togglePage(TREE, start, 'nope', true)).toBe(start);
  });

  it('shows groups checked when all their grantable pages are, half-checked when some are', () => {
    expect(checkState(TREE, of(['role']))).toEqual({ checked: ['role'], halfChecked: ['permission'] });
    expect(checkState(TREE, of(['role', 'accounts', 'dashboard']))).toEqual({
      checked: ['home', 'dashboard', 'permission', 'role', 'accounts'],
      halfChecked: [],
    });
  });

  it('saves pages with their parent groups in tree order, and the buttons of granted pages', () => {
    const g = of(
      ['accounts', 'generalSceneManage', 'dashboard'],
      ['dashboard:deal', 'accounts:add', 'role:add'],
    );
    expect(toAuth(TREE, g, 7)).toEqual({
      roleId: 7,
      menuCodes: ['home', 'dashboard', 'generalSceneManage', 'permission', 'accounts'],
      buttons: ['dashboard:deal', 'accounts:add'],
    });
  });

  it('reads the server grants: groups derived, unknown and admin-only codes dropped, a button grants its page', () => {
    const g = fromAuth(TREE, {
      menuCodes: ['permission', 'page', 'accounts', 'gone'],
      buttons: ['role:auth', 'nope:add'],
    });
    expect(sorted(g)).toEqual({ pages: ['accounts', 'role'], buttons: ['role:auth'] });
  });

  it('counts all grants and the granted buttons of a page', () => {
    const all = allGrants(TREE);
    expect(all.pages.has('page')).toBe(true);
    expect(all.buttons.size).toBe(7);
    const role = TREE[2]?.children[1] as RoleMenuNode;
    expect(grantedButtonCount(role, of(['role'], ['role:add', 'role:auth']))).toBe(2);
  });
});
