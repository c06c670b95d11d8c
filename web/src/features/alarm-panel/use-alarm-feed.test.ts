import type { AlarmItem } from '@sentinel/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAlarm } from '@/shared/testing/alarm-fixture.ts';

const mocks = vi.hoisted(() => ({
  action: vi.fn(),
  toastError: vi.fn(),
  connection: { state: 'down' as string },
  handlers: new Map<string, (data: unknown) => void>(),
  settings: undefined as unknown,
  play: vi.fn(),
}));

vi.mock('@/shared/request/request.ts', () => ({ action: mocks.action }));
vi.mock('@/shared/ui/feedback.ts', () => ({ toast: { error: mocks.toastError } }));
vi.mock('@/shared/realtime/use-realtime.ts', () => ({
  useRealtimeConnection: () => {},
  useConnectionState: () => mocks.connection.state,
  useRealtime: (type: string, handler: (data: unknown) => void) => mocks.handlers.set(type, handler),
}));

// The global alarm settings (sound, quiet hours) are read through react-query: set per test here.
vi.mock('@/features/alarm-settings/index.ts', () => ({ useAlarmSettings: () => ({ data: mocks.settings }) }));
vi.mock('./alarm-sound.ts', async (original) => ({
  ...(await original<typeof import('./alarm-sound.ts')>()),
  playAlarmSound: mocks.play,
}));

const { useUserStore } = await import('@/shared/stores/user-store.ts');
const { useAlarmFeed, POLL_MS } = await import('./use-alarm-feed.ts');

const alarm = (id: number, alarmState = 1) => testAlarm(id, { alarmState });

const ok = (list: AlarmItem[]) => ({ status: 0, message: '', data: { list } });

beforeEach(() => {
  vi.useFakeTimers();
  mocks.action.mockReset();
  mocks.toastError.mockReset();
  mocks.handlers.clear();
  mocks.connection.state = 'down';
  mocks.settings = undefined;
  mocks.play.mockReset();
  useUserStore.setState({
    token: 't',
    menusLoaded: true,
    mustChangePassword: false,
    alarmPanelEnabled: true,
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useAlarmFeed', () => {
  it('loads 20 on mount and polls every 15 s while the stream is down', async () => {
    mocks.action.mockResolvedValue(ok([alarm(1)]));
    const { result } = renderHook(() => useAlarmFeed());
    await act(async () => {});
    expect(mocks.action).toHaveBeenCalledWith('/api/v2/backend/videoAlarmRecord/poll', {
      body: { count: 20 },
      silent: true,
    });
    expect(result.current.alarms.map((a) => a.id)).toEqual([1]);
    mocks.action.mockResolvedValue(ok([alarm(2), alarm(1)]));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(mocks.action).toHaveBeenCalledTimes(2);
    expect(result.current.alarms.map((a) => a.id)).toEqual([2, 1]);
  });

  it('does not poll while the stream is connected; live events prepend and update in place', async () => {
    mocks.connection.state = 'connected';
    mocks.action.mockResolvedValue(ok([alarm(1)]));
    const { result } = renderHook(() => useAlarmFeed());
    await act(async () => {});
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    });
    expect(mocks.action).toHaveBeenCalledTimes(1);
    act(() => mocks.handlers.get('alarm.created')?.(alarm(5)));
    act(() => mocks.handlers.get('alarm.created')?.(alarm(5)));
    expect(result.current.alarms.map((a) => a.id)).toEqual([5, 1]);
    act(() => mocks.handlers.get('alarm.updated')?.({ ...alarm(1, 3), version: 1 }));
    expect(result.current.alarms.find((a) => a.id === 1)?.alarmState).toBe(3);
    act(() => mocks.handlers.get('alarm.updated')?.(alarm(99)));
    expect(result.current.alarms.map((a) => a.id)).toEqual([5, 1]);
  });

  it('shows one message and stops polling after a status other than 0', async () => {
    mocks.action.mockResolvedValue({ status: 1, message: 'No permission', data: null });
    const { result } = renderHook(() => useAlarmFeed());
    await act(async () => {});
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    });
    expect(mocks.action).toHaveBeenCalledTimes(1);
    expect(mocks.toastError).toHaveBeenCalledTimes(1);
    expect(mocks.toastError).toHaveBeenCalledWith('No permission');
    expect(result.current.failed).toBe(true);
    // A later success (e.g. opening the panel) resumes polling.
    mocks.action.mockResolvedValue(ok([]));
    await act(async () => {
      await result.current.reload();
    });
    expect(result.current.failed).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(mocks.action).toHaveBeenCalledTimes(3);
  });

  it('alarm rule: a digest adds its alarms and held count; alarm.held adds to the note; dismiss clears it', async () => {
    mocks.connection.state = 'connected';
    mocks.action.mockResolvedValue(ok([alarm(1)]));
    const { result } = renderHook(() => useAlarmFeed());
    await act(async () => {});
    act(() =>
      mocks.handlers.get('alarm.digest')?.({
        count: 3,
        held: 2,
        alarms: [alarm(7), alarm(6), { junk: true }],
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-01-01T00:01:00.000Z',
      }),
    );
    expect(result.current.alarms.map((a) => a.id)).toEqual([7, 6, 1]);
    expect(result.current.held).toEqual({ rule: 2, cooldown: 0 });
    act(() => mocks.handlers.get('alarm.held')?.({ held: 3 }));
    act(() => mocks.handlers.get('alarm.held')?.({ held: 'x' }));
    expect(result.current.held).toEqual({ rule: 5, cooldown: 0 });
    // the alarm settings' camera cooldown is counted apart (the note names its cause)
    act(() => mocks.handlers.get('alarm.held')?.({ held: 4, by: 'cooldown' }));
    expect(result.current.held).toEqual({ rule: 5, cooldown: 4 });
    act(() => result.current.clearHeld());
    expect(result.current.held).toEqual({ rule: 0, cooldown: 0 });
  });

  it('alarm rule: a saved rule reloads the panel (its level filter may have changed)', async () => {
    mocks.connection.state = 'connected';
    mocks.action.mockResolvedValue(ok([alarm(1), alarm(2)]));
    const { result } = renderHook(() => useAlarmFeed());
    await act(async () => {});
    mocks.action.mockResolvedValue(ok([alarm(2)]));
    await act(async () => {
      mocks.handlers.get('alarmRule.updated')?.({ userId: 1, type: 1 });
    });
    expect(mocks.action).toHaveBeenCalledTimes(2);
    expect(result.current.alarms.map((a) => a.id)).toEqual([2]);
  });

  it('stays idle without the panel flag or before the initial password is replaced', async () => {
    useUserStore.setState({ alarmPanelEnabled: false });
    const { result, rerender } = renderHook(() => useAlarmFeed());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    });
    expect(result.current.enabled).toBe(false);
    useUserStore.setState({ alarmPanelEnabled: true, mustChangePassword: true });
    rerender();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    });
    expect(mocks.action).not.toHaveBeenCalled();
  });
  it('global alarm settings: plays the custom sound, and nothing during quiet hours', async () => {
    mocks.action.mockResolvedValue(ok([]));
    mocks.connection.state = 'connected';
    const hhmm = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(11, 16);
    const base = {
      priorities: [],
      cooldownSeconds: 0,
      quietSuppressed: [],
      timeZone: 'UTC',
      sound: 'custom',
      soundName: 'siren.mp3',
      soundSize: 10,
      soundVersion: '42',
      updatedAt: null,
    };
    mocks.settings = { ...base, quietEnabled: true, quietFrom: hhmm(-1), quietTo: hhmm(1) };
    const { rerender } = renderHook(() => useAlarmFeed());
    await act(async () => {});
    act(() => mocks.handlers.get('alarm.created')?.(testAlarm(71, { priority: 120004 })));
    expect(mocks.play).not.toHaveBeenCalled();
    mocks.settings = { ...base, quietEnabled: false, quietFrom: '22:00', quietTo: '07:00' };
    rerender();
    act(() => mocks.handlers.get('alarm.created')?.(testAlarm(72, { priority: 120004 })));
    expect(mocks.play).toHaveBeenCalledWith({
      custom: true,
      version: '42',
      url: '/api/v2/backend/alarmSettings/sound',
    });
  });
});
