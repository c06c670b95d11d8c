import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

const toastWarning = vi.fn();
vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: toastWarning },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {}, videoPlayback: en }, 'zh-CN': { common: {}, videoPlayback: zh } }, 'zh-CN');
const { default: VideoPlaybackPage } = await import('./video-playback-page.tsx');

const fetchMock = vi.fn(async (_url: string) =>
  Response.json({
    status: 0,
    message: 'common.ok',
    data: [{ id: 1, name: 'Gate', code: 'CAM-001', areaId: null }],
  }),
);

beforeEach(() => {
  toastWarning.mockReset();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VideoPlaybackPage />
    </QueryClientProvider>,
  );

const clipCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('getCameraVideoPath'));

describe('VideoPlaybackPage', () => {
  it('renders without a camera: the hint, an empty player, and no clip request', () => {
    renderPage();
    expect(screen.getByTestId('playback-select-camera').textContent).toContain('请选择相机');
    expect(screen.getByTestId('playback-choose-clip').textContent).toContain('请选择要播放的视频');
    expect(screen.queryByTestId('video-player')).toBeNull();
    expect(clipCalls()).toHaveLength(0);
  });

  it('warns instead of searching when no camera is chosen', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('playback-search'));
    await vi.waitFor(() => expect(toastWarning).toHaveBeenCalledWith('请选择相机'));
    expect(clipCalls()).toHaveLength(0);
  });
});
