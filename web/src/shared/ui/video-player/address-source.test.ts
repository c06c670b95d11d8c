import { STREAM_URL_REFRESH_MS, type StreamUrlResult } from '@sentinel/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastWarning = vi.fn();
const toastError = vi.fn();
vi.mock('../feedback.ts', () => ({
  toast: { error: toastError, success: vi.fn(), warning: toastWarning },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

const { initI18n } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {} }, 'zh-CN': { common: {} } }, 'zh-CN');
const { CameraNotFoundError, StreamRefusedError, cameraAddressSource, fetchStreamUrl, isAddressUsable } =
  await import('./address-source.ts');
const { useUserStore } = await import('@/shared/stores/user-store.ts');

const page = { protocol: 'https:', host: 'console.example' };

function result(url: string, expiresInMs = 60_000): StreamUrlResult {
  return {
    cameraId: 4,
    url,
    kind: 'ws-flv',
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    stream: 'main',
  };
}

describe('fetchStreamUrl', () => {
  beforeEach(() => useUserStore.setState({ token: 'tok', id: 9 }));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the camera and account and returns the parsed address', async () => {
    const body = { status: 0, message: '', data: result('/api/v2/video/demo/a.flv?token=x') };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    await expect(fetchStreamUrl(4, new AbortController().signal)).resolves.toMatchObject({ kind: 'ws-flv' });
    const url = String(vi.mocked(fetch).mock.calls[0]?.[0]);
    expect(url).toBe('/api/v2/video/camera/streamUrl?cameraId=4&accountId=9');
  });

  it('turns a 404 into CameraNotFoundError with the server message in the UI language, silently', async () => {
    const body = { status: -1, message: 'camera.notFound', data: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 404 })),
    );
    const failure = fetchStreamUrl(4, new AbortController().signal);
    await expect(failure).rejects.toBeInstanceOf(CameraNotFoundError);
    await expect(failure).rejects.toThrow('未找到摄像头！');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('refuses for good a disabled camera (409) but lets a server error be retried', async () => {
    const disabled = { status: -1, message: 'camera.disabled', data: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(disabled), { status: 409 })),
    );
    const refused = fetchStreamUrl(4, new AbortController().signal);
    await expect(refused).rejects.toBeInstanceOf(StreamRefusedError);
    await expect(refused).rejects.not.toBeInstanceOf(CameraNotFoundError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    const busy = fetchStreamUrl(4, new AbortController().signal);
    await expect(busy).rejects.toThrow();
    await expect(busy).rejects.not.toBeInstanceOf(StreamRefusedError);
  });

  it('rejects an answer that is not a stream address', async () => {
    const body = { status: 0, message: '', data: { url: 3 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    await expect(fetchStreamUrl(4, new AbortController().signal)).rejects.toThrow();
  });
});

describe('cameraAddressSource', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves a same-origin path to a wss address and reuses it while fresh', async () => {
    const fetcher = vi.fn(async () => result('/api/v2/video/demo/a.flv?token=1'));
    const source = cameraAddressSource(4, page, fetcher);
    const signal = new AbortController().signal;
    await expect(source.get(false, signal)).resolves.toEqual(
      expect.objectContaining({
        url: 'wss://console.example/api/v2/video/demo/a.flv?token=1',
        kind: 'ws-flv',
      }),
    );
    await source.get(false, signal);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await source.get(true, signal);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('refreshes every STREAM_URL_REFRESH_MS while active, and stops when inactive or disposed', async () => {
    let n = 0;
    const fetcher = vi.fn(async () => result(`/s.flv?token=${++n}`));
    const source = cameraAddressSource(4, page, fetcher);
    source.setActive(true);
    await vi.advanceTimersByTimeAsync(STREAM_URL_REFRESH_MS * 2);
    expect(fetcher).toHaveBeenCalledTimes(2);
    // The next connect uses the refreshed address without another request.
    await expect(source.get(false, new AbortController().signal)).resolves.toMatchObject({
      url: 'wss://console.example/s.flv?token=2',
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
    source.setActive(false);
    await vi.advanceTimersByTimeAsync(STREAM_URL_REFRESH_MS * 3);
    expect(fetcher).toHaveBeenCalledTimes(2);
    source.setActive(true);
    source.dispose();
    await vi.advanceTimersByTimeAsync(STREAM_URL_REFRESH_MS * 3);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not reuse an address that is old or about to expire', () => {
    const now = 1_000_000;
    expect(isAddressUsable(null, now)).toBe(false);
    expect(isAddressUsable({ fetchedAt: now - 1_000, expiresAt: now + 60_000 }, now)).toBe(true);
    expect(
      isAddressUsable({ fetchedAt: now - STREAM_URL_REFRESH_MS - 1, expiresAt: now + 60_000 }, now),
    ).toBe(false);
    expect(isAddressUsable({ fetchedAt: now - 1_000, expiresAt: now + 1_000 }, now)).toBe(false);
  });
});
