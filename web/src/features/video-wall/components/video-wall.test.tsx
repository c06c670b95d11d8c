import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

const toastWarning = vi.fn();
vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: toastWarning },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));
// The real player needs media APIs jsdom lacks; the wall only decides which cells mount one.
vi.mock('@/shared/ui/video-player/index.ts', () => ({
  VideoPlayer: ({ source, stream }: { source: number; stream?: string }) => (
    <div data-testid="video-player" data-source={source} data-stream={stream} />
  ),
}));

beforeAll(() => {
  // antd's responsive parts ask for these; jsdom has neither.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const { initI18n } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {}, videoWall: en }, 'zh-CN': { common: {}, videoWall: zh } }, 'zh-CN');
const { useUserStore } = await import('@/shared/stores/user-store.ts');
const { useVideoWallStore } = await import('@/shared/stores/video-wall-store.ts');
const { VideoWall } = await import('./video-wall.tsx');

const camera = (id: number, sceneIds: number[]) => ({
  id,
  name: `Cam ${id}`,
  code: `CAM-${id}`,
  online: id % 2 === 1,
  areaId: 1,
  areaName: 'Belt',
  factoryName: 'Mine',
  plantName: 'Plant 1',
  sceneIds,
});

const wallData = {
  scenes: [
    { id: 7, name: 'Loading' },
    { id: 8, name: 'Tanks' },
  ],
  cameras: [camera(1, [7]), camera(2, [7]), camera(3, [7]), camera(4, [7]), camera(5, [7]), camera(6, [8])],
};

const fetchMock = vi.fn(async (url: string) =>
  Response.json({
    status: 0,
    message: 'common.ok',
    data: String(url).includes('cameraRotation') ? { list: [], count: 0 } : wallData,
  }),
);

beforeEach(() => {
  localStorage.clear();
  toastWarning.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useVideoWallStore.setState({ videoVisible: false, lastScene: {} });
  useUserStore.setState({ id: 11 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderWall = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VideoWall />
    </QueryClientProvider>,
  );

const cellCameras = () => screen.getAllByTestId('wall-cell').map((c) => c.dataset.cameraId ?? '');
const stored = () => JSON.parse(localStorage.getItem('userCache') ?? '[]');

describe('VideoWall', () => {
  it("auto-fills the first scene's first 4 cameras and stores them for the user and scene", async () => {
    renderWall();
    await vi.waitFor(() => expect(cellCameras()).toEqual(['1', '2', '3', '4']));
    expect(screen.getAllByTestId('video-player')).toHaveLength(4);
    // Cells ask for the cameras' sub streams (the main stream is for full screen).
    expect(screen.getAllByTestId('video-player').map((p) => p.dataset.stream)).toEqual([
      'sub',
      'sub',
      'sub',
      'sub',
    ]);
    expect(stored()).toEqual([
      expect.objectContaining({ userId: 11, sceneId: 7, equipmentType: 4, isCache: true }),
    ]);
    expect(screen.getAllByTestId('wall-camera')).toHaveLength(5);
  });

  it('warns 请选择相机 when adding without a camera, adds a double-clicked camera to the selected cell', async () => {
    renderWall();
    await vi.waitFor(() => expect(cellCameras()).toHaveLength(4));
    fireEvent.click(screen.getAllByTestId('wall-cell')[2] as HTMLElement);
    fireEvent.click(screen.getByTestId('wall-clear'));
    expect(cellCameras()).toEqual(['1', '2', '', '4']);
    fireEvent.click(screen.getByTestId('wall-add'));
    expect(toastWarning).toHaveBeenCalledWith('请选择相机');

    fireEvent.click(screen.getByTestId('wall-grid-9'));
    expect(cellCameras()).toEqual(['1', '2', '', '4', '', '', '', '', '']);
    // The selection stays on the cleared cell: the add goes there.
    const fifth = screen.getAllByTestId('wall-camera').find((c) => c.dataset.cameraId === '5') as HTMLElement;
    fireEvent.doubleClick(fifth);
    expect(cellCameras()).toEqual(['1', '2', '5', '4', '', '', '', '', '']);
    expect(screen.getAllByTestId('video-player')).toHaveLength(4);
    expect(stored()[0].VideoPlayer.slice(0, 4)).toEqual([{ src: 1 }, { src: 2 }, { src: 5 }, { src: 4 }]);
    expect(stored()[0].equipmentType).toBe(9);
  });

  it('restores the stored wall for the same user, and not for another user', async () => {
    const first = renderWall();
    await vi.waitFor(() => expect(cellCameras()).toHaveLength(4));
    fireEvent.click(screen.getAllByTestId('wall-cell')[0] as HTMLElement);
    fireEvent.click(screen.getByTestId('wall-clear'));
    first.unmount();

    renderWall();
    await vi.waitFor(() => expect(cellCameras()).toEqual(['', '2', '3', '4']));
    cleanup();

    useUserStore.setState({ id: 12 });
    renderWall();
    await vi.waitFor(() => expect(cellCameras()).toEqual(['1', '2', '3', '4']));
    expect(stored().map((w: { userId: number }) => w.userId)).toEqual([11, 12]);
  });

  it('closes: the close button turns the video-visible flag back on', async () => {
    renderWall();
    fireEvent.click(within(screen.getByTestId('video-wall')).getByTestId('video-wall-close'));
    expect(useVideoWallStore.getState().videoVisible).toBe(true);
  });
});
