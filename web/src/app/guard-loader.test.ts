import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../shared/stores/user-store.ts';

const session = vi.hoisted(() => ({
  fetchUserInfo: vi.fn(),
  fetchMenus: vi.fn(),
}));
vi.mock('../features/session/index.ts', () => session);
const request = vi.hoisted(() => vi.fn());
vi.mock('../shared/request/request.ts', () => ({ request, action: vi.fn() }));

const { guardLoader, loadSession, startSessionEarly } = await import('./guard-loader.ts');
const { prefetchesStarted } = await import('./route-prefetch.ts');
const { prefetchDashboard } = await import('../features/dashboard/api/queries.ts');

const INFO = { userId: 1, userName: 'admin', nickName: 'Admin', roles: ['admin'], mustChangePassword: false };
const MENUS = [{ code: 'dashboard' }];
const loaderAt = (path: string) =>
  guardLoader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as never);

describe('the session asked for before the router starts (cold load)', () => {
  beforeEach(() => {
    session.fetchUserInfo.mockResolvedValue(INFO);
    session.fetchMenus.mockResolvedValue(MENUS);
    request.mockResolvedValue({});
    useUserStore.getState().resetSession();
    useUserStore.getState().setToken('kept-token');
    window.history.replaceState(null, '', '/dashboard');
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('asks once: the guard takes the answers already on their way', async () => {
    startSessionEarly();
    expect(session.fetchUserInfo).toHaveBeenCalledTimes(1);
    expect(session.fetchMenus).toHaveBeenCalledTimes(1);
    await loadSession();
    expect(session.fetchUserInfo).toHaveBeenCalledTimes(1);
    expect(useUserStore.getState().menusLoaded).toBe(true);
    // Taken once: a later load asks again.
    await loadSession();
    expect(session.fetchUserInfo).toHaveBeenCalledTimes(2);
  });

  it('asks nothing early without a kept token, or on the login page', async () => {
    useUserStore.getState().resetSession();
    startSessionEarly();
    window.history.replaceState(null, '', '/login');
    useUserStore.getState().setToken('kept-token');
    startSessionEarly();
    expect(session.fetchUserInfo).not.toHaveBeenCalled();
  });

  it('does not use early answers asked with another token', async () => {
    startSessionEarly();
    useUserStore.getState().setToken('new-token');
    await loadSession();
    expect(session.fetchUserInfo).toHaveBeenCalledTimes(2);
  });

  it("starts the home's first requests once the guard lets the user onto /dashboard", async () => {
    expect(await loaderAt('/dashboard')).toBeNull();
    // The registries load on demand (app/page-registry.ts), then the requests start.
    await prefetchesStarted();
    const paths = request.mock.calls.map(([path]) => String(path));
    expect(paths.some((p) => p.endsWith('dashboard/summary'))).toBe(true);
    expect(paths.some((p) => p.endsWith('dashboard/heat'))).toBe(true);
    expect(paths.some((p) => p.endsWith('videoAlarmRecord/list'))).toBe(true);
  });

  it('starts nothing for a page without a prefetch, nor before the guard lets the user in', async () => {
    await loaderAt('/historyRecords/historyAlarm');
    await prefetchesStarted();
    expect(request).not.toHaveBeenCalled();
    useUserStore.getState().resetSession();
    const answer = await loaderAt('/dashboard');
    expect(answer).toBeInstanceOf(Response);
    expect(request).not.toHaveBeenCalled();
  });

  it("prefetches under the page's own query keys", async () => {
    const client = new QueryClient();
    prefetchDashboard(client);
    const keys = client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey.slice(0, 2).join('/'));
    expect(keys).toEqual(['dashboard/summary', 'dashboard/heat', 'alarms/list', 'buttons/dashboard']);
  });
});
