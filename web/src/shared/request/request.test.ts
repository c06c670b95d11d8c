import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
const toastSuccess = vi.fn();
const confirm = vi.fn();
vi.mock('../ui/feedback.ts', () => ({
  toast: { error: toastError, success: toastSuccess, warning: vi.fn() },
  confirmDialog: confirm,
  ERROR_TOAST_SECONDS: 5,
}));

const { initI18n } = await import('../i18n/i18n.ts');
const en = (await import('../locales/en.json')).default;
const zh = (await import('../locales/zh-CN.json')).default;
initI18n({ en: { common: en }, 'zh-CN': { common: zh } }, 'en');
const { action, request } = await import('./request.ts');
const { requestOrNull } = await import('./request-or-null.ts');
const { useUserStore } = await import('../stores/user-store.ts');

function reply(httpStatus: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: httpStatus })),
  );
}

/** Closes the (mocked) relogin dialog like its Cancel button, so the next test can open one. */
function closeRelogin() {
  const options = confirm.mock.calls[0]?.[0] as { onCancel?: () => void } | undefined;
  options?.onCancel?.();
}

describe('request layer', () => {
  beforeEach(() => {
    toastError.mockReset();
    toastSuccess.mockReset();
    confirm.mockReset();
    useUserStore.setState({ token: 'tok' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('resolves data and sends token and lang headers', async () => {
    reply(200, { status: 0, message: 'ok', data: { a: 1 } });
    await expect(request('/api/x')).resolves.toEqual({ a: 1 });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ token: 'tok', lang: 'en' });
  });

  it('shows the server message for envelope failures and rejects', async () => {
    reply(200, { status: -1, message: 'boom', data: null });
    await expect(request('/api/x')).rejects.toThrow('boom');
    expect(toastError).toHaveBeenCalledWith('boom');
  });

  it('shows the status of every HTTP error, with the envelope message when there is one (SPEC §8)', async () => {
    reply(409, { status: -409, message: 'error.conflict', data: null });
    await expect(request('/api/x')).rejects.toThrow('Conflict');
    expect(toastError).toHaveBeenLastCalledWith('Conflict (status 409)');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 502 })),
    );
    await expect(request('/api/x')).rejects.toThrow('502');
    expect(toastError).toHaveBeenLastCalledWith('Request failed with status 502');
  });

  it('opens a single relogin dialog on 401 please log in', async () => {
    reply(401, { status: -401, message: 'please log in', data: null });
    await expect(request('/api/x')).rejects.toBeTruthy();
    await expect(request('/api/y')).rejects.toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({ title: 'Confirm logout', okText: 'Log in again' });
    expect(toastError).not.toHaveBeenCalled();
    closeRelogin();
  });

  it('shows the relogin dialog for a silent call too, but not when told not to (session bootstrap)', async () => {
    reply(401, { status: -401, message: 'please log in', data: null });
    await expect(request('/api/list', { silent: true })).rejects.toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
    closeRelogin();
    confirm.mockReset();
    await expect(request('/api/userInfo', { silent: true, noRelogin: true })).rejects.toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('reports network failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('failed'))),
    );
    await expect(request('/api/x')).rejects.toThrow('network error');
    expect(toastError).toHaveBeenCalledWith('network error');
  });

  it('toasts the message of successful actions', async () => {
    reply(200, { status: 0, message: 'password.changed', data: null });
    await action('/api/x', { method: 'PUT' });
    expect(toastSuccess).toHaveBeenCalledWith('Password changed, please log in again.');
  });

  it('requestOrNull: a missing record is null without a toast, other failures still throw', async () => {
    reply(200, { status: 0, message: 'OK', data: { id: 7 } });
    expect(await requestOrNull('/api/v2/backend/scene/7')).toEqual({ id: 7 });
    reply(404, { status: -404, message: 'Not found', data: null });
    expect(await requestOrNull('/api/v2/backend/scene/8')).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
    reply(500, { status: -500, message: 'Boom', data: null });
    await expect(requestOrNull('/api/v2/backend/scene/9')).rejects.toThrow();
  });
});
