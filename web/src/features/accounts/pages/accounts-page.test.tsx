import type { AccountItem } from '@sentinel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

const toastSuccess = vi.fn();
const toastError = vi.fn();
const confirmDialog = vi.fn();
vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: toastError, success: toastSuccess, warning: vi.fn() },
  confirmDialog,
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
const common = (await import('@/shared/locales/en.json')).default;
initI18n({ en: { common, accounts: en }, 'zh-CN': { common: {}, accounts: zh } }, 'en');
const { default: AccountsPage } = await import('./accounts-page.tsx');

const account = (id: number, accountName: string, extra: Partial<AccountItem> = {}): AccountItem => ({
  id,
  accountName,
  displayName: `User ${id}`,
  phone: '13800138000',
  email: `${accountName}@example.com`,
  roles: [{ id: 2, name: 'operator', displayName: 'Operator' }],
  locked: false,
  lastSignTime: null,
  allScenes: false,
  sceneCount: 2,
  regionIds: [],
  mustChangePassword: false,
  createdAt: '2026-05-01T08:00:00Z',
  ...extra,
});

const ALL_CODES = [
  'accounts:add',
  'accounts:edit',
  'accounts:lock',
  'accounts:role',
  'accounts:delete',
  'accounts:resetPassword',
  'accounts:authority',
];
let codes = ALL_CODES;
let list: AccountItem[] = [];
let createAnswer: () => Response;
const envelope = (data: unknown, message = '') => Response.json({ status: 0, message, data });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  if (url.includes('subResource')) return envelope(codes);
  if (url.endsWith('/account/list')) return envelope({ list, count: list.length });
  if (url.endsWith('/role/options'))
    return envelope([
      { id: 1, name: 'admin', displayName: 'Administrator', builtIn: true },
      { id: 2, name: 'operator', displayName: 'Operator', builtIn: false },
    ]);
  if (url.endsWith('/account/') && method === 'POST') return createAnswer();
  if (url.endsWith('/plant/tree'))
    return envelope([
      {
        id: 5,
        parentId: null,
        kind: 'factory',
        name: 'East plant',
        code: '',
        description: '',
        sort: 0,
        createdAt: '',
        updatedAt: '',
        children: [
          {
            id: 6,
            parentId: 5,
            kind: 'area',
            name: 'Coking area',
            code: '',
            description: '',
            sort: 0,
            createdAt: '',
            updatedAt: '',
            children: [],
          },
        ],
      },
    ]);
  if (/\/scene\/\d+\/0\/scene$/.test(url))
    return envelope([
      {
        id: 31,
        name: 'Gate',
        kind: 'general',
        areaId: 6,
        areaName: 'Coking area',
        enabled: true,
        granted: true,
        viaRegion: false,
      },
      {
        id: 32,
        name: 'Furnace',
        kind: 'job',
        areaId: 6,
        areaName: 'Coking area',
        enabled: true,
        granted: false,
        viaRegion: false,
      },
    ]);
  if (url.endsWith('/resetPassword'))
    return envelope({ initialPassword: 'Reset-Pass-000111' }, 'account.passwordReset');
  return envelope(null);
});

const bodyOf = (path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url.endsWith(path) && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(() => {
  codes = ALL_CODES;
  list = [
    account(1, 'admin', {
      roles: [{ id: 1, name: 'admin', displayName: 'Administrator' }],
      allScenes: true,
      lastSignTime: '2026-05-02T09:10:11',
    }),
    account(2, 'li.wei', { locked: true }),
  ];
  createAnswer = () =>
    envelope({ account: account(3, 'new.user'), initialPassword: 'Init-Pass-123456789' }, 'common.saved');
  fetchMock.mockClear();
  toastSuccess.mockReset();
  toastError.mockReset();
  confirmDialog.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AccountsPage />
    </QueryClientProvider>,
  );

async function chooseRole(label: string) {
  const form = screen.getByTestId('account-form');
  const combo = within(form)
    .getAllByRole('combobox')
    .find((el) => el.closest('[data-testid="account-form-roles"]'));
  if (!combo) throw new Error('no role select');
  fireEvent.mouseDown(combo);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (el) => el.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('AccountsPage', { timeout: 20_000 }, () => {
  it('lists accounts with roles, scene authority, lock status and last sign time', async () => {
    renderPage();
    const adminRow = await screen.findByTestId('accounts-row-admin');
    expect(within(adminRow).getByTestId('accounts-scenes-admin').textContent).toBe('All scenes');
    expect(within(adminRow).getByTestId('accounts-last-sign-admin').textContent).toBe('2026-05-02 09:10:11');
    expect(screen.getByTestId('accounts-last-sign-li.wei').textContent).toBe('—');
    expect(screen.getByTestId('accounts-lock-li.wei').textContent).toBe('Locked');
    expect(screen.getByTestId('accounts-scenes-li.wei').textContent).toBe('2 scenes');
    expect(screen.getByTestId('account-unlock-li.wei')).toBeTruthy();
    expect(bodyOf('/account/list')).toEqual({ page: 1, limit: 10, keyword: '' });
  });

  it('removes the controls whose button code is not granted', async () => {
    codes = ['accounts:lock'];
    renderPage();
    await screen.findByTestId('account-lock-admin');
    expect(screen.queryByTestId('accounts-add')).toBeNull();
    expect(screen.queryByTestId('accounts-batch-authority')).toBeNull();
    expect(screen.queryByTestId('account-edit-admin')).toBeNull();
    expect(screen.queryByTestId('account-delete-admin')).toBeNull();
    expect(screen.queryByTestId('account-reset-password-admin')).toBeNull();
  });

  it('creates an account without a password and shows the initial password once, with copy', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(await screen.findByTestId('accounts-add'));
    const form = await screen.findByTestId('account-form');
    fireEvent.change(within(form).getByTestId('account-form-name'), { target: { value: 'new.user' } });
    await chooseRole('Operator');
    fireEvent.click(screen.getByTestId('account-form-submit'));

    const dialog = await screen.findByTestId('initial-password');
    expect(bodyOf('/account/')).toEqual({
      accountName: 'new.user',
      displayName: '',
      phone: '',
      email: '',
      roleIds: [2],
    });
    expect((within(dialog).getByTestId('initial-password-value') as HTMLInputElement).value).toBe(
      'Init-Pass-123456789',
    );
    expect(within(dialog).getByTestId('initial-password-note').textContent).toContain(
      'must change it at first login',
    );
    await act(async () => fireEvent.click(within(dialog).getByTestId('initial-password-copy')));
    expect(writeText).toHaveBeenCalledWith('Init-Pass-123456789');
  });

  it('keeps what was typed and shows server field errors under their fields', async () => {
    createAnswer = () =>
      Response.json(
        {
          status: -1,
          message: 'field.invalid',
          data: { fields: [{ field: 'accountName', message: 'This account name is already in use' }] },
        },
        { status: 400 },
      );
    renderPage();
    fireEvent.click(await screen.findByTestId('accounts-add'));
    const form = await screen.findByTestId('account-form');
    fireEvent.change(within(form).getByTestId('account-form-name'), { target: { value: 'admin' } });
    fireEvent.change(within(form).getByTestId('account-form-phone'), { target: { value: '13900139000' } });
    await chooseRole('Operator');
    fireEvent.click(screen.getByTestId('account-form-submit'));
    await within(form).findByText('This account name is already in use');
    expect((within(form).getByTestId('account-form-name') as HTMLInputElement).value).toBe('admin');
    expect((within(form).getByTestId('account-form-phone') as HTMLInputElement).value).toBe('13900139000');
    expect(screen.queryByTestId('initial-password')).toBeNull();
  });

  it('puts a 409 duplicate account name under the account name field too', async () => {
    createAnswer = () =>
      Response.json({ status: -1, message: 'account.nameTaken', data: null }, { status: 409 });
    renderPage();
    fireEvent.click(await screen.findByTestId('accounts-add'));
    const form = await screen.findByTestId('account-form');
    fireEvent.change(within(form).getByTestId('account-form-name'), { target: { value: 'li.wei' } });
    await chooseRole('Operator');
    fireEvent.click(screen.getByTestId('account-form-submit'));
    await within(form).findByText('This account name is already in use');
    expect(toastError).toHaveBeenCalledWith('This account name is already in use (status 409)');
    expect((within(form).getByTestId('account-form-name') as HTMLInputElement).value).toBe('li.wei');
  });

  it('refuses a Chinese account name and a bad phone before calling the server', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('accounts-add'));
    const form = await screen.findByTestId('account-form');
    fireEvent.change(within(form).getByTestId('account-form-name'), { target: { value: '张三' } });
    fireEvent.change(within(form).getByTestId('account-form-phone'), { target: { value: '2380013800' } });
    fireEvent.click(screen.getByTestId('account-form-submit'));
    await within(form).findByText('Account name cannot be in Chinese');
    await within(form).findByText('Please enter the correct telephone number');
    expect(bodyOf('/account/')).toBeUndefined();
  });

  it('resets a password after confirmation and shows the new initial password', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('account-reset-password-li.wei'));
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    const options = confirmDialog.mock.calls[0]?.[0] as { onOk: () => Promise<unknown> };
    await act(async () => {
      await options.onOk();
    });
    const dialog = await screen.findByTestId('initial-password');
    expect((within(dialog).getByTestId('initial-password-value') as HTMLInputElement).value).toBe(
      'Reset-Pass-000111',
    );
  });

  it('grants scenes to one account: current grants start checked, clicking a scene toggles it', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('account-scene-li.wei'));
    const dialog = await screen.findByTestId('scene-authority');
    await within(dialog).findByTestId('scene-authority-scene-32');
    expect(within(dialog).getByText('1 scene selected')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('scene-authority-scene-32'));
    await within(dialog).findByText('2 scenes selected');
    fireEvent.click(screen.getByTestId('scene-authority-submit'));
    await waitFor(() =>
      expect(bodyOf('/scene/authority')).toEqual({ accountId: 2, allScenes: false, sceneIds: [31, 32] }),
    );
  });

  it('grants "all scenes" to the selected accounts at once', async () => {
    renderPage();
    const batch = await screen.findByTestId('accounts-batch-authority');
    expect((batch as HTMLButtonElement).disabled).toBe(true);
    for (const name of ['admin', 'li.wei']) {
      const row = await screen.findByTestId(`accounts-row-${name}`);
      fireEvent.click(within(row).getByRole('checkbox'));
    }
    await waitFor(() => expect((batch as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(batch);
    const dialog = await screen.findByTestId('scene-authority');
    await within(dialog).findByTestId('scene-authority-scene-31');
    fireEvent.click(within(dialog).getByTestId('scene-authority-all'));
    fireEvent.click(screen.getByTestId('scene-authority-submit'));
    await waitFor(() =>
      expect(bodyOf('/scene/batch/authority')).toEqual({ accountIds: [1, 2], allScenes: true, sceneIds: [] }),
    );
  });
});
