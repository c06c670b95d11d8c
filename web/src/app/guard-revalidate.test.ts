import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

const { guardShouldRevalidate } = await import('./guard-loader.ts');
const { useUserStore } = await import('../shared/stores/user-store.ts');
const { usePermissionStore } = await import('../shared/stores/permission-store.ts');

const ORIGIN = 'http://console.test';
const ALARMS = '/historyRecords/historyAlarm';

/** Whether the root loader runs again for a navigation from `from` to `to`. */
function revalidates(from: string, to: string): boolean {
  return guardShouldRevalidate({
    currentUrl: new URL(from, ORIGIN),
    nextUrl: new URL(to, ORIGIN),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs);
}

beforeEach(() => {
  useUserStore.setState({ token: 'tok', menusLoaded: true, mustChangePassword: false });
  usePermissionStore.getState().setCodes(new Set(['dashboard', 'historyRecords', 'historyAlarm']));
});

describe('root loader revalidation', () => {
  it('skips the guard for a search on a permitted list page and moves between permitted pages', () => {
    expect(revalidates(ALARMS, `${ALARMS}?priority=120004`)).toBe(false);
    expect(revalidates(`${ALARMS}?priority=120004`, `${ALARMS}?priority=120004`)).toBe(false);
    expect(revalidates('/dashboard', `${ALARMS}?sceneId=3`)).toBe(false);
  });

  it('runs the guard whenever it has something to do for the new URL', () => {
    // a page the roles do not grant
    expect(revalidates(ALARMS, '/permission/role')).toBe(true);
    // the dashboard's query token, even as a search-only change
    expect(revalidates('/dashboard', '/dashboard?token=abc')).toBe(true);
    // the session not loaded yet (e.g. after the token changed)
    useUserStore.setState({ menusLoaded: false });
    expect(revalidates(ALARMS, `${ALARMS}?priority=120004`)).toBe(true);
    // the first-login password change
    useUserStore.setState({ menusLoaded: true, mustChangePassword: true });
    expect(revalidates(ALARMS, `${ALARMS}?priority=120004`)).toBe(true);
    // logged out: a search on the list goes to the login page
    useUserStore.setState({ token: '', mustChangePassword: false });
    expect(revalidates(ALARMS, `${ALARMS}?priority=120004`)).toBe(true);
  });
});
