import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const confirm = vi.fn();
const toastError = vi.fn();
vi.mock('../ui/feedback.ts', () => ({
  toast: { error: toastError, success: vi.fn(), warning: vi.fn() },
  confirmDialog: confirm,
  ERROR_TOAST_SECONDS: 5,
}));

const { initI18n } = await import('../i18n/i18n.ts');
const en = (await import('../locales/en.json')).default;
const zh = (await import('../locales/zh-CN.json')).default;
initI18n({ en: { common: en }, 'zh-CN': { common: zh } }, 'en');
const { setXhrFactory, uploadFile } = await import('./upload.ts');
const { RequestError } = await import('./errors.ts');
const { useUserStore } = await import('../stores/user-store.ts');

/** A scripted XMLHttpRequest: records what was sent; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const xhr = () => {
  if (!FakeXhr.last) throw new Error('no request sent');
  return FakeXhr.last;
};
const file = () => new File([new Uint8Array(1000)], 'clip.mp4', { type: 'video/mp4' });

describe('uploadFile', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    confirm.mockReset();
    toastError.mockReset();
    useUserStore.setState({ token: 'tok' });
    setXhrFactory(() => new FakeXhr() as unknown as XMLHttpRequest);
  });
  afterEach(() => setXhrFactory());

  it('posts the file as multipart with the token and lang headers, reports progress, resolves the envelope', async () => {
    const progress = vi.fn();
    const pending = uploadFile<{ fileId: number }>('/api/up', file(), {
      onProgress: progress,
      fields: { kind: 'x' },
    });
    const request = xhr();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/up');
    expect(request.headers).toMatchObject({ token: 'tok', lang: 'en' });
    expect(request.timeout).toBe(1_200_000);
    expect(request.body?.get('file')).toMatchObject({ name: 'clip.mp4' });
    expect(request.body?.get('kind')).toBe('x');
    request.progress(250, 1000);
    request.progress(999, 1000);
    expect(progress).toHaveBeenNthCalledWith(1, { percent: 25, loaded: 250, total: 1000 });
    expect(progress).toHaveBeenNthCalledWith(2, { percent: 99, loaded: 999, total: 1000 });
    request.answer(200, { status: 0, message: 'ok', data: { fileId: 7 } });
    await expect(pending).resolves.toEqual({ status: 0, message: 'ok', data: { fileId: 7 } });
    expect(progress).toHaveBeenLastCalledWith({ percent: 100, loaded: 1000, total: 1000 });
  });

  it('uses another field name when told and sends no token when logged out', async () => {
    useUserStore.setState({ token: '' });
    const pending = uploadFile('/api/up', file(), { field: 'image' });
    expect(xhr().body?.get('image')).toBeInstanceOf(File);
    expect(xhr().headers.token).toBeUndefined();
    xhr().answer(200, { status: 0, message: '', data: null });
    await expect(pending).resolves.toMatchObject({ status: 0 });
  });

  it("rejects with the server's message (translated from a message code) without toasting", async () => {
    const refused = uploadFile('/api/up', file());
    xhr().answer(400, { status: -400, message: 'offlineVideo.type', data: null });
    await expect(refused).rejects.toThrow('Only MP4, MOV, FLV or MPEG-TS video files can be uploaded');
    const tooBig = uploadFile('/api/up', file());
    xhr().answer(413, {
      status: -413,
      message: 'The video file is larger than the upload limit',
      data: null,
    });
    const error = await tooBig.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'http', httpStatus: 413, status: -413 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('rejects envelope failures of a 200 answer and answers that are not envelopes', async () => {
    const envelopeFailure = uploadFile('/api/up', file());
    xhr().answer(200, { status: -1, message: 'boom', data: null });
    await expect(envelopeFailure).rejects.toThrow('boom');
    const gateway = uploadFile('/api/up', file());
    xhr().answer(502, '<html>bad gateway</html>');
    await expect(gateway).rejects.toThrow('Request failed with status 502');
  });

  it('opens the relogin dialog when the session is gone (not when silent)', async () => {
    const lost = uploadFile('/api/up', file());
    xhr().answer(401, { status: -401, message: 'auth.pleaseLogin', data: null });
    await expect(lost).rejects.toMatchObject({ kind: 'session' });
    expect(confirm).toHaveBeenCalledTimes(1);
    confirm.mockReset();
    const quiet = uploadFile('/api/up', file(), { silent: true });
    xhr().answer(401, { status: -401, message: 'auth.pleaseLogin', data: null });
    await expect(quiet).rejects.toMatchObject({ kind: 'session' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('reports network failures and timeouts', async () => {
    const network = uploadFile('/api/up', file());
    xhr().onerror?.();
    await expect(network).rejects.toMatchObject({ kind: 'network', message: 'network error' });
    const slow = uploadFile('/api/up', file(), { timeoutMs: 5 });
    expect(xhr().timeout).toBe(5);
    xhr().ontimeout?.();
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const pending = uploadFile('/api/up', file(), { signal: controller.signal });
    controller.abort();
    expect(xhr().aborted).toBe(true);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    FakeXhr.last = null;
    await expect(uploadFile('/api/up', file(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBeNull();
  });
});
