import type { RoleAuth, RoleMenuNode } from '@sentinel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

const toastSuccess = vi.fn();
vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: toastSuccess, warning: vi.fn() },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
const common = (await import('@/shared/locales/en.json')).default;
initI18n({ en: { common, roles: en }, 'zh-CN': { common: {}, roles: zh } }, 'en');
const { AuthorizeDrawer } = await import('./authorize-drawer.tsx');

const node = (id: number, code: string, en: string, extra: Partial<RoleMenuNode> = {}): RoleMenuNode => ({
  id,
  code,
  title: { en, 'zh-CN': en },
  adminOnly: false,
  grantable: true,
  buttons: [],
  children: [],
  ...extra,
});
const MENU: RoleMenuNode[] = [
  node(100, 'permission', 'Permissions', {
    children: [
      node(101, 'page', 'Page permissions', { adminOnly: true, grantable: false }),
      node(102, 'role', 'Role settings', {
        buttons: [
          { code: 'role:add', action: 'add' },
          { code: 'role:delete', action: 'delete' },
        ],
      }),
      node(103, 'accounts', 'Account management', { buttons: [{ code: 'accounts:warp', action: 'warp' }] }),
    ],
  }),
];

let auth: RoleAuth = { roleId: 7, menuCodes: ['permission', 'accounts'], buttons: [] };
const posted: unknown[] = [];
const envelope = (data: unknown) => Response.json({ status: 0, message: '', data });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.endsWith('/role/menu')) return envelope(MENU);
  if (url.endsWith('/role/7/auth')) return envelope(auth);
  if (url.endsWith('/role/auth') && init?.method === 'POST') {
    posted.push(JSON.parse(String(init.body)));
    return envelope(null);
  }
  return envelope(null);
});

beforeEach(() => {
  fetchMock.mockClear();
  toastSuccess.mockReset();
  posted.length = 0;
  auth = { roleId: 7, menuCodes: ['permission', 'accounts'], buttons: [] };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const onClose = vi.fn();
const renderDrawer = (builtIn = false) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthorizeDrawer
        role={{ id: 7, name: builtIn ? 'admin' : 'ops', displayName: 'Operators', builtIn }}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );

const checkboxOf = (code: string) => {
  const box = screen.getByTestId(`role-node-${code}`).querySelector('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${code}`);
  return box;
};
const isChecked = (code: string) => checkboxOf(code).classList.contains('ant-tree-checkbox-checked');

describe('AuthorizeDrawer', { timeout: 20_000 }, () => {
  it('shows the tree with button labels, the role grants and admin-only pages disabled', async () => {
    renderDrawer();
    const tree = await screen.findByTestId('role-menu-tree');
    expect(within(tree).getByTestId('role-menu-role').textContent).toBe('Role settings');
    expect(screen.getByTestId('role-button-role:add').closest('label')?.textContent).toBe('Add');
    // Unknown action: falls back to the code.
    expect(screen.getByTestId('role-button-accounts:warp').closest('label')?.textContent).toBe(
      'accounts:warp',
    );
    expect(isChecked('accounts')).toBe(true);
    expect(isChecked('role')).toBe(false);
    expect(checkboxOf('permission').classList.contains('ant-tree-checkbox-indeterminate')).toBe(true);
    expect(checkboxOf('page').classList.contains('ant-tree-checkbox-disabled')).toBe(true);
    expect(screen.getByText('Admin only')).toBeTruthy();
  });

  it('checking a button grants its page; saving posts pages with groups and buttons', async () => {
    renderDrawer();
    await screen.findByTestId('role-menu-tree');
    fireEvent.click(screen.getByTestId('role-button-role:delete'));
    expect(isChecked('role')).toBe(true);
    expect(isChecked('permission')).toBe(true);
    expect(screen.getByTestId('role-auth-count').textContent).toBe('2 pages, 1 buttons granted');
    fireEvent.click(screen.getByTestId('role-save-auth'));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      roleId: 7,
      menuCodes: ['permission', 'role', 'accounts'],
      buttons: ['role:delete'],
    });
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it('checking a page checks none of its buttons; unchecking it clears them', async () => {
    auth = { roleId: 7, menuCodes: [], buttons: [] };
    renderDrawer();
    await screen.findByTestId('role-menu-tree');
    fireEvent.click(checkboxOf('role'));
    expect(isChecked('role')).toBe(true);
    const add = screen.getByTestId('role-button-role:add') as HTMLInputElement;
    expect(add.checked).toBe(false);
    fireEvent.click(add);
    expect(add.checked).toBe(true);
    fireEvent.click(checkboxOf('role'));
    expect(isChecked('role')).toBe(false);
    expect(add.checked).toBe(false);
  });

  it('shows the built-in admin role read-only with everything granted', async () => {
    renderDrawer(true);
    await screen.findByTestId('role-menu-tree');
    expect(screen.getByTestId('role-auth-builtin')).toBeTruthy();
    expect(isChecked('page')).toBe(true);
    expect(screen.queryByTestId('role-save-auth')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth'))).toBe(false);
  });
});
