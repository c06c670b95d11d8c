import type { ClientErrorBody } from '@sentinel/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useErrorLogStore } from '../stores/error-log-store.ts';
import { useUserStore } from '../stores/user-store.ts';
import { installErrorLog, REPORTS_PER_MINUTE } from './install-error-log.ts';

function rejection(reason: unknown): Event {
  // jsdom has no PromiseRejectionEvent: the same shape on a plain event.
  return Object.assign(new Event('unhandledrejection'), { reason, promise: Promise.resolve() });
}

describe('the global error log (SPEC §8)', () => {
  let send: ReturnType<typeof vi.fn<(report: ClientErrorBody) => Promise<unknown>>>;
  let uninstall: () => void;
  beforeEach(() => {
    useErrorLogStore.getState().clear();
    useUserStore.setState({ token: 'tok' });
    send = vi.fn(async () => null);
    window.history.pushState({}, '', '/historyRecords/historyAlarm?page=2');
    uninstall = installErrorLog(window, { send });
  });
  afterEach(() => uninstall());

  it('collects uncaught errors and unhandled rejections with route, time and browser, and reports each', () => {
    const boom = new TypeError('cannot read properties of undefined');
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: boom,
        message: boom.message,
        filename: '/assets/a.js',
        lineno: 3,
        colno: 9,
      }),
    );
    window.dispatchEvent(rejection(new Error('export request failed')));

    const entries = useErrorLogStore.getState().entries;
    expect(entries.map((e) => [e.kind, e.message])).toEqual([
      ['unhandledrejection', 'Error: export request failed'],
      ['error', 'TypeError: cannot read properties of undefined'],
    ]);
    const [, first] = entries;
    expect(first?.route).toBe('/historyRecords/historyAlarm?page=2');
    expect(first?.source).toBe('/assets/a.js:3:9');
    expect(first?.userAgent).toBe(navigator.userAgent);
    expect(Number.isNaN(Date.parse(first?.time ?? ''))).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      kind: 'error',
      route: '/historyRecords/historyAlarm?page=2',
    });
  });

  it('reports the same error once, at most ten a minute, and none without a session', () => {
    const again = () => window.dispatchEvent(new ErrorEvent('error', { error: new Error('same') }));
    again();
    again();
    expect(useErrorLogStore.getState().entries).toHaveLength(2);
    expect(send).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 20; i++) window.dispatchEvent(rejection(`failure ${i}`));
    expect(send).toHaveBeenCalledTimes(REPORTS_PER_MINUTE);

    useUserStore.setState({ token: '' });
    window.dispatchEvent(rejection('after logout'));
    expect(useErrorLogStore.getState().entries[0]?.message).toBe('after logout');
    expect(send).toHaveBeenCalledTimes(REPORTS_PER_MINUTE);
  });
});
