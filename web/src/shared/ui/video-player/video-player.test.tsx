import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastWarning = vi.fn();
vi.mock('../feedback.ts', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: toastWarning },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

const { initI18n, setLanguage } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {} }, 'zh-CN': { common: {} } }, 'zh-CN');
const { VideoPlayer } = await import('./video-player.tsx');
const { MAX_RECONNECT_ATTEMPTS } = await import('./reconnect-policy.ts');
const { STALE_OVERLAY_LATEST_MS } = await import('./freshness.ts');

const root = () => screen.getByTestId('video-player');
const video = () => screen.getByTestId<HTMLVideoElement>('video-player-video');

beforeEach(() => {
  toastWarning.mockReset();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await setLanguage('zh-CN');
});

describe('VideoPlayer', () => {
  it('shows the server message for an unknown camera in the player and as one warning toast', async () => {
    const body = { status: -1, message: 'camera.notFound', data: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 404 })),
    );
    render(<VideoPlayer source={404} />);
    expect(root().dataset.state).toBe('loading');
    expect(await screen.findByText('未找到摄像头！')).toBeTruthy();
    expect(root().dataset.state).toBe('failed');
    expect(toastWarning).toHaveBeenCalledTimes(1);
    expect(toastWarning).toHaveBeenCalledWith('未找到摄像头！');
    fireEvent.click(screen.getByTestId('video-player-retry'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('未找到摄像头！')).toBeTruthy();
    expect(toastWarning).toHaveBeenCalledTimes(1);
  });

  it('plays a file natively with playback rates and releases it on unmount', async () => {
    const { unmount } = render(<VideoPlayer source="/media/alarm/clip.mp4" />);
    const element = video();
    await vi.waitFor(() => expect(element.getAttribute('src')).toBe('/media/alarm/clip.mp4'));
    expect(root().style.aspectRatio).toBe('6 / 3');
    act(() => {
      element.dispatchEvent(new Event('loadeddata'));
    });
    expect(root().dataset.state).toBe('playing');
    expect(screen.getByTestId('video-player-rate')).toBeTruthy();
    unmount();
    expect(element.hasAttribute('src')).toBe(false);
  });

  it('offers no playback rates for a live stream', async () => {
    render(<VideoPlayer source="/live/cam.mp4" live />);
    await vi.waitFor(() => expect(video().getAttribute('src')).toBe('/live/cam.mp4'));
    act(() => {
      video().dispatchEvent(new Event('playing'));
    });
    expect(root().dataset.state).toBe('playing');
    expect(screen.queryByTestId('video-player-rate')).toBeNull();
  });

  it('shows the stale overlay over a live stream without new frames, in both languages', async () => {
    vi.useFakeTimers();
    render(<VideoPlayer source="/live/cam.mp4" live />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    vi.spyOn(video(), 'paused', 'get').mockReturnValue(false);
    act(() => {
      video().dispatchEvent(new Event('playing'));
    });
    expect(screen.queryByTestId('video-player-stale')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(STALE_OVERLAY_LATEST_MS));
    expect(screen.getByTestId('video-player-stale').textContent).toBe('画面已停滞：未收到新画面');
    expect(root().dataset.stale).toBe('true');
    await act(() => setLanguage('en'));
    expect(screen.getByTestId('video-player-stale').textContent).toBe('Stale stream: no new frames');
    vi.spyOn(video(), 'currentTime', 'get').mockReturnValue(2);
    act(() => {
      video().dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.queryByTestId('video-player-stale')).toBeNull();
    expect(root().dataset.stale).toBeUndefined();
  });

  it('waits until it is in view, releases the video when scrolled out and loads again when back', async () => {
    let report: (visible: boolean) => void = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          report = (visible) => callback([{ isIntersecting: visible }]);
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const { unmount } = render(<VideoPlayer source="/media/clip.mp4" />);
    const element = video();
    await act(async () => {});
    expect(element.hasAttribute('src')).toBe(false);
    act(() => report(true));
    await vi.waitFor(() => expect(element.getAttribute('src')).toBe('/media/clip.mp4'));
    act(() => report(false));
    expect(element.hasAttribute('src')).toBe(false);
    act(() => report(true));
    await vi.waitFor(() => expect(element.getAttribute('src')).toBe('/media/clip.mp4'));
    expect(root().dataset.state).toBe('loading');
    unmount();
    expect(disconnect).toHaveBeenCalled();
    expect(element.hasAttribute('src')).toBe(false);
  });

  it('reconnects after errors and then says the video cannot be played, in English', async () => {
    await setLanguage('en');
    vi.useFakeTimers();
    render(<VideoPlayer source="/media/broken.mp4" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => {
      video().dispatchEvent(new Event('error'));
    });
    expect(root().dataset.state).toBe('reconnecting');
    expect(screen.getByText('Reconnecting… (attempt 1)')).toBeTruthy();
    for (let i = 1; i <= MAX_RECONNECT_ATTEMPTS; i++) {
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      act(() => {
        video().dispatchEvent(new Event('error'));
      });
    }
    expect(root().dataset.state).toBe('failed');
    expect(screen.getByText('This video cannot be played right now, please try again later')).toBeTruthy();
  });
});
