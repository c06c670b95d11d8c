import type { OfflineAnalysisItem } from '@sentinel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

const toastSuccess = vi.fn();
vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: toastSuccess, warning: vi.fn() },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
const common = (await import('@/shared/locales/zh-CN.json')).default;
initI18n({ en: { common: {}, offlineVideo: en }, 'zh-CN': { common, offlineVideo: zh } }, 'zh-CN');
const { setXhrFactory } = await import('@/shared/request/upload.ts');
const { default: OfflineVideoPage } = await import('./offline-video-page.tsx');

const row = (
  id: number,
  state: 0 | 1 | 2 | 3,
  extra: Partial<OfflineAnalysisItem> = {},
): OfflineAnalysisItem => ({
  id,
  name: `Job ${id}`,
  source: 'file',
  sourceName: 'clip.mp4',
  videoUrl: `/media/${id}.mp4`,
  format: 'mp4',
  size: 42_000,
  durationSeconds: 6,
  algorithms: [{ id: 1, code: 'ALG-HELMET', name: '安全帽' }],
  state,
  progress: state === 1 ? 40 : state === 2 ? 100 : 0,
  error: state === 3 ? 'decoder crashed' : '',
  eventCount: state === 2 ? 3 : 0,
  engineName: '',
  createdBy: 'admin',
  createdAt: '2026-05-01T08:09:10',
  startedAt: null,
  finishedAt: null,
  ...extra,
});

let list: OfflineAnalysisItem[] = [];
const envelope = (data: unknown) => Response.json({ status: 0, message: '', data });
const fetchMock = vi.fn(async (url: string) => {
  if (url.includes('subResource')) return envelope(['offLineVideoSet:add', 'offLineVideoSet:delete']);
  if (url.includes('offlineVideoAnalysis/list')) return envelope({ list, count: list.length });
  const detail = /offlineVideoAnalysis\/(\d+)$/.exec(url);
  if (detail) {
    const item = list.find((r) => r.id === Number(detail[1]));
    return envelope({
      ...item,
      events: [1, 2, 3].map((n) => ({
        id: n,
        algorithmId: 1,
        algorithmName: '安全帽',
        offsetSeconds: n * 2,
        result: `未戴安全帽 ${n}`,
        imageUrl: `/img/${n}.jpg`,
        createdAt: '2026-05-01T08:10:00',
      })),
    });
  }
  if (url.includes('algorithm/list/all'))
    return envelope([
      { id: 1, name: '安全帽', code: 'ALG-HELMET', typeName: null, levels: [], defaultLevel: 0 },
    ]);
  return envelope(null);
});

beforeEach(() => {
  fetchMock.mockClear();
  toastSuccess.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setXhrFactory();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OfflineVideoPage />
    </QueryClientProvider>,
  );

describe('OfflineVideoPage', () => {
  it('lists the analyses with coloured state tags, progress while analyzing and the creation time', async () => {
    list = [row(3, 1), row(2, 2), row(1, 3)];
    renderPage();
    const analyzing = await screen.findByTestId('offline-row-3');
    expect(within(analyzing).getByTestId('offline-3-state').textContent).toBe('分析中');
    expect(within(analyzing).getByTestId('offline-3-progress').textContent).toContain('40%');
    const finished = screen.getByTestId('offline-row-2');
    expect(within(finished).getByTestId('offline-2-state').className).toContain('success');
    expect(within(finished).queryByTestId('offline-2-progress')).toBeNull();
    expect(within(finished).getByTestId('offline-2-events').textContent).toBe('3');
    expect(finished.textContent).toContain('2026-05-01 08:09:10');
    expect(finished.textContent).toContain('安全帽');
    expect(within(screen.getByTestId('offline-row-1')).getByTestId('offline-1-state').textContent).toBe(
      '失败',
    );
    expect(await screen.findByTestId('offline-delete-1')).toBeTruthy();
  });

  it("opens a job's results: its URL, state and events with time in the video", async () => {
    list = [row(5, 2, { source: 'url', sourceName: 'rtsp://cam.local/1', videoUrl: '' })];
    renderPage();
    fireEvent.click(await screen.findByTestId('offline-view-5'));
    const drawer = await screen.findByTestId('offline-results');
    await vi.waitFor(() => expect(within(drawer).getAllByTestId('offline-event')).toHaveLength(3));
    expect(within(drawer).getByTestId('offline-results-url').textContent).toContain('rtsp://cam.local/1');
    expect(within(drawer).getByTestId('offline-results-state').textContent).toBe('已完成');
    expect(
      within(drawer)
        .getAllByTestId('offline-event-time')
        .map((e) => e.textContent),
    ).toEqual(['00:02', '00:04', '00:06']);
  });

  it('shows the empty state', async () => {
    list = [];
    renderPage();
    expect(await screen.findByTestId('offline-empty')).toBeTruthy();
  });

  it("keeps the name and shows the server's refusal under the field when an upload is refused", async () => {
    list = [];
    const sent: { headers: Record<string, string> }[] = [];
    let answer: (() => void) | null = null;
    setXhrFactory(() => {
      const xhr = {
        headers: {} as Record<string, string>,
        status: 0,
        responseText: '',
        upload: { onprogress: null as ((e: ProgressEvent) => void) | null },
        onload: null as (() => void) | null,
        open() {},
        setRequestHeader(name: string, value: string) {
          this.headers[name] = value;
        },
        send() {
          sent.push(this);
          this.upload.onprogress?.({ loaded: 30, total: 100, lengthComputable: true } as ProgressEvent);
          answer = () => {
            this.status = 400;
            this.responseText = JSON.stringify({ status: -400, message: 'offlineVideo.type', data: null });
            this.onload?.();
          };
        },
        abort() {},
      };
      return xhr as unknown as XMLHttpRequest;
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('offline-new'));
    const name = (await screen.findByTestId('offline-name')) as HTMLInputElement;
    expect(screen.getByTestId('offline-dialog').textContent).toContain('新建分析');
    fireEvent.change(name, { target: { value: '夜班录像' } });
    const input = screen.getByTestId('offline-upload').querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input.getAttribute('accept')).toContain('.mp4');
    fireEvent.change(input, {
      target: { files: [new File(['not a video'], 'notes.mp4', { type: 'video/mp4' })] },
    });
    const progress = await screen.findByTestId('offline-progress');
    expect(progress.textContent).toContain('30%');
    expect(screen.getByTestId('offline-start').hasAttribute('disabled')).toBe(true);
    await act(async () => answer?.());
    expect((await screen.findByTestId('offline-upload-error')).textContent).toBe(
      '只能上传MP4、MOV、FLV或TS格式的视频文件',
    );
    expect(name.value).toBe('夜班录像');
    expect(screen.getByTestId('offline-start').hasAttribute('disabled')).toBe(false);
    expect(sent[0]?.headers.lang).toBe('zh-CN');
  });
});
