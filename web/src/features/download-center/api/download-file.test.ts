import { MESSAGES } from '@sentinel/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const mocks = vi.hoisted(() => ({ toastError: vi.fn(), relogin: vi.fn() }));
vi.mock('@/shared/ui/feedback.ts', () => ({ toast: { error: mocks.toastError } }));
vi.mock('@/shared/request/relogin.ts', () => ({ showRelogin: mocks.relogin }));

const { useUserStore } = await import('@/shared/stores/user-store.ts');
const { downloadFile, fileNameOf } = await import('./download-file.ts');

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf(`attachment; filename="a_b.xlsx"; filename*=UTF-8''${encodeURIComponent('报警.xlsx')}`, 'x'),
    ).toBe('报警.xlsx');
    expect(fileNameOf('attachment; filename="video-alarms-20240501-080000.xlsx"', 'x')).toBe(
      'video-alarms-20240501-080000.xlsx',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'fallback.zip')).toBe('fallback.zip');
    expect(fileNameOf(null, 'fallback.zip')).toBe('fallback.zip');
  });
});

describe('downloadFile', () => {
  const clicked: { href: string; download: string }[] = [];
  beforeEach(() => {
    mocks.toastError.mockReset();
    mocks.relogin.mockReset();
    clicked.length = 0;
    useUserStore.setState({ token: 'secret' });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts with the token and saves the answer under the server’s file name', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('PK', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="video-alarm-images-2024-05-01.zip"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await downloadFile('/api/x', { sceneId: 3 }, 'fallback.zip');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('token')).toBe('secret');
    expect(init.body).toBe('{"sceneId":3}');
    expect(clicked).toEqual([{ href: 'blob:x', download: 'video-alarm-images-2024-05-01.zip' }]);
    expect(mocks.toastError).not.toHaveBeenCalled();
  });

  it('shows the server’s message and saves nothing when it refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ status: -404, message: '暂时没有可下载报警图片', data: null }, { status: 404 }),
      ),
    );
    await expect(downloadFile('/api/x', {}, 'a.zip')).rejects.toThrow('暂时没有可下载报警图片');
    expect(mocks.toastError).toHaveBeenCalledWith('暂时没有可下载报警图片');
    expect(clicked).toEqual([]);
  });

  it('asks to log in again when the session is gone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { status: -401, message: MESSAGES['auth.pleaseLogin'].en, data: null },
          { status: 401 },
        ),
      ),
    );
    await expect(downloadFile('/api/x', {}, 'a.zip')).rejects.toThrow();
    expect(mocks.relogin).toHaveBeenCalled();
  });
});
