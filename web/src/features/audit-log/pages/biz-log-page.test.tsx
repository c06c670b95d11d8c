import type { AuditItem } from '@sentinel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: toastError, success: toastSuccess, warning: vi.fn() },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
const common = (await import('@/shared/locales/zh-CN.json')).default;
initI18n({ en: { common: {}, auditLog: en }, 'zh-CN': { common, auditLog: zh } }, 'zh-CN');
const { useUserStore } = await import('@/shared/stores/user-store.ts');
const { default: BizLogPage, toFilters } = await import('./biz-log-page.tsx');

const item = (id: number, action: string, detail: Record<string, unknown> = {}): AuditItem => ({
  id,
  accountName: 'admin',
  action,
  target: `role:${id}`,
  detail,
  ip: '10.0.0.8',
  createdAt: '2026-05-01T08:09:10',
});
const LIST = [
  item(2, 'role.update', { before: { displayName: 'Ops' }, after: { displayName: 'Operators' } }),
  item(1, 'PUT /api/v2/backend/scene'),
];

let listBodies: unknown[] = [];
const envelope = (data: unknown) => Response.json({ status: 0, message: '', data });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.includes('subResource')) return envelope(['bizLog:export']);
  if (url.endsWith('/log/biz/list')) {
    listBodies.push(JSON.parse(String(init?.body)));
    return envelope({ list: LIST, count: 2 });
  }
  if (url.endsWith('/log/biz/actions')) return envelope(['PUT /api/v2/backend/scene', 'role.update']);
  if (url.includes('/log/biz/export'))
    return new Response('xlsx', {
      headers: { 'content-disposition': 'attachment; filename="bizLog.xlsx"' },
    });
  return envelope(null);
});

beforeEach(() => {
  fetchMock.mockClear();
  listBodies = [];
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BizLogPage />
    </QueryClientProvider>,
  );

describe('BizLogPage', { timeout: 20_000 }, () => {
  it('lists entries with readable actions where known and raw ones otherwise; a row expands to its diff', {
    timeout: 20_000,
  }, async () => {
    renderPage();
    const row = await screen.findByTestId('biz-log-row-2');
    expect(within(row).getByTestId('biz-log-action-2').textContent).toBe('修改角色');
    expect(row.textContent).toContain('2026-05-01 08:09:10');
    expect(row.textContent).toContain('10.0.0.8');
    expect(screen.getByTestId('biz-log-action-1').textContent).toBe('PUT /api/v2/backend/scene');
    expect(listBodies[0]).toEqual({ page: 1, limit: 10 });
    const expander = row.querySelector('button.ant-table-row-expand-icon');
    if (!expander) throw new Error('no expander');
    fireEvent.click(expander);
    const diff = await screen.findByTestId('biz-log-detail-2-diff');
    expect(diff.textContent).toContain('displayName');
    expect(diff.textContent).toContain('Ops → Operators');
  });

  it('exports the current filters with the token', async () => {
    useUserStore.setState({ token: 'tok-1' });
    renderPage();
    fireEvent.click(await screen.findByTestId('biz-log-export'));
    await vi.waitFor(() => expect(toastSuccess.mock.calls.length + toastError.mock.calls.length).toBe(1));
    expect(toastError.mock.calls).toEqual([]);
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/log/biz/export'));
    expect(call?.[0]).toBe('/api/v2/backend/log/biz/export');
    expect((call?.[1]?.headers as Record<string, string> | undefined)?.token).toBe('tok-1');
  });

  it('turns the filter form into the list and export filters', () => {
    expect(toFilters({ accountName: '  ad ', action: null, range: null })).toEqual({ accountName: 'ad' });
    expect(toFilters({ action: 'role.update' })).toEqual({ action: 'role.update' });
  });
});
