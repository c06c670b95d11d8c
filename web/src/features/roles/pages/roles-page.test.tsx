import type { RoleItem } from '@sentinel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

const confirmDialog = vi.fn();
vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
  confirmDialog,
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
const common = (await import('@/shared/locales/zh-CN.json')).default;
initI18n({ en: { common: {}, roles: en }, 'zh-CN': { common, roles: zh } }, 'zh-CN');
const { default: RolesPage } = await import('./roles-page.tsx');
const { default: PagePermissionsPage } = await import('./page-permissions-page.tsx');

const role = (id: number, name: string, extra: Partial<RoleItem> = {}): RoleItem => ({
  id,
  name,
  displayName: name.toUpperCase(),
  description: '',
  isGlobal: false,
  builtIn: false,
  accountCount: 0,
  createdAt: '2026-05-01T08:00:00',
  updatedAt: '2026-05-02T09:10:11',
  ...extra,
});
const ROLES = [
  role(1, 'admin', { builtIn: true, accountCount: 1 }),
  role(2, 'ops', { isGlobal: true, accountCount: 3 }),
];
const MENU = [
  {
    id: 100,
    code: 'permission',
    title: { en: 'Permissions', 'zh-CN': '权限管理' },
    adminOnly: false,
    grantable: true,
    buttons: [],
    children: [
      {
        id: 102,
        code: 'role',
        title: { en: 'Role settings', 'zh-CN': '角色设置' },
        adminOnly: false,
        grantable: true,
        buttons: [
          { code: 'role:add', action: 'add' },
          { code: 'role:edit', action: 'edit' },
        ],
        children: [],
      },
    ],
  },
];

let granted: string[] = [];
const envelope = (data: unknown) => Response.json({ status: 0, message: '', data });
const fetchMock = vi.fn(async (url: string) => {
  if (url.includes('subResource')) return envelope(granted);
  if (url.endsWith('/role/global/list')) return envelope({ list: ROLES, count: ROLES.length });
  if (url.endsWith('/role/menu')) return envelope(MENU);
  if (url.endsWith('/role/2/auth'))
    return envelope({ roleId: 2, menuCodes: ['permission', 'role'], buttons: ['role:add'] });
  return envelope(null);
});

beforeEach(() => {
  fetchMock.mockClear();
  confirmDialog.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

describe('RolesPage', { timeout: 20_000 }, () => {
  it('lists roles with the global tag and account counts; controls follow the button codes', async () => {
    granted = ['role:delete', 'role:auth'];
    wrap(<RolesPage />);
    const ops = await screen.findByTestId('role-row-ops');
    expect(within(ops).getByTestId('role-global-tag').textContent).toContain('全局');
    expect(within(ops).getByTestId('role-account-count').textContent).toBe('3');
    expect(ops.textContent).toContain('2026-05-02 09:10:11');
    await within(ops).findByTestId('role-delete');
    expect(within(ops).getByTestId('role-global').textContent).toBe('取消全局');
    expect(within(ops).getByTestId('role-authorize')).toBeTruthy();
    expect(within(ops).queryByTestId('role-edit')).toBeNull();
    expect(screen.queryByTestId('roles-add')).toBeNull();
    // The built-in admin: no delete, no global switch.
    const admin = screen.getByTestId('role-row-admin');
    expect(within(admin).queryByTestId('role-delete')).toBeNull();
    expect(within(admin).queryByTestId('role-global')).toBeNull();
  });

  it("asks '是否确定删除？' before deleting", async () => {
    granted = ['role:delete', 'role:add'];
    wrap(<RolesPage />);
    const ops = await screen.findByTestId('role-row-ops');
    fireEvent.click(await within(ops).findByTestId('role-delete'));
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    expect(confirmDialog.mock.calls[0]?.[0].content).toBe('是否确定删除？');
    expect(screen.getByTestId('roles-add')).toBeTruthy();
  });
});

describe('PagePermissionsPage', { timeout: 20_000 }, () => {
  it('shows which role holds which page and how many buttons', async () => {
    granted = ['role:auth'];
    wrap(<PagePermissionsPage />);
    await screen.findByTestId('page-matrix');
    await vi.waitFor(() =>
      expect(screen.getByTestId('page-cell-role-ops').getAttribute('data-state')).toBe('granted'),
    );
    expect(screen.getByTestId('page-cell-role-ops').textContent).toContain('1/2');
    expect(screen.getByTestId('page-cell-role-admin').textContent).toContain('2/2');
    expect(screen.getByTestId('page-cell-permission-ops').textContent).toContain('1/1');
    fireEvent.click(screen.getByTestId('page-matrix-role-ops'));
    expect(await screen.findByTestId('role-menu-tree')).toBeTruthy();
  });
});
