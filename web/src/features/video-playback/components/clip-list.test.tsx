import type { CameraVideoClip, CameraVideoPathResult } from '@sentinel/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {}, videoPlayback: en }, 'zh-CN': { common: {}, videoPlayback: zh } }, 'zh-CN');
const { ClipList } = await import('./clip-list.tsx');
const { formatTime } = await import('@/shared/utils/time.ts');

const clip = (id: number, name = '未戴安全帽'): CameraVideoClip => ({
  source: 'alarm',
  id,
  alarmTime: '2026-11-20T08:00:00.000Z',
  videoAlarmTypeName: name,
  url: `/api/v2/backend/media/alarm/${id}.mp4`,
  kind: 'mp4',
});

const recording = (startTime: string, durationSeconds: number): CameraVideoClip => ({
  source: 'recording',
  id: Date.parse(startTime),
  startTime,
  durationSeconds,
  url: `https://media.plant.local/get?path=CAM-001&start=${startTime}&duration=${durationSeconds}&format=mp4&token=t`,
  kind: 'mp4',
});

const result = (
  list: CameraVideoClip[],
  truncated = false,
  recordingsUnavailable = false,
): CameraVideoPathResult => ({
  cameraId: 1,
  list,
  truncated,
  recordingsUnavailable,
});

const base = { fetching: false, error: null, onRetry: () => {}, playingKey: null, onPlay: () => {} };

afterEach(cleanup);

describe('ClipList', () => {
  it('asks for a camera before any search', () => {
    render(<ClipList {...base} asked={false} result={undefined} />);
    expect(screen.getByTestId('playback-select-camera').textContent).toContain('请选择相机');
    expect(screen.queryByTestId('playback-table')).toBeNull();
  });

  it("says '此相机下暂无视频!' when the camera has no clips", () => {
    render(<ClipList {...base} asked result={result([])} />);
    expect(screen.getByRole('status').textContent).toContain('此相机下暂无视频!');
    expect(screen.queryByTestId('playback-table')).toBeNull();
  });

  it('shows the error with a retry while there is no answer', () => {
    const onRetry = vi.fn();
    render(<ClipList {...base} asked result={undefined} error="未找到摄像头！" onRetry={onRetry} />);
    expect(screen.getByTestId('page-error').textContent).toContain('未找到摄像头！');
    fireEvent.click(screen.getByRole('button'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('lists the clips with a Play button each and marks the one playing', () => {
    const onPlay = vi.fn();
    const { rerender } = render(
      <ClipList {...base} asked result={result([clip(2, '区域入侵'), clip(1)])} onPlay={onPlay} />,
    );
    expect(screen.getByTestId('playback-row-alarm-2').textContent).toContain('区域入侵');
    expect(screen.getByTestId('playback-row-alarm-1').textContent).toContain('未戴安全帽');
    fireEvent.click(screen.getByTestId('playback-play-alarm-1'));
    expect(onPlay).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    rerender(<ClipList {...base} asked result={result([clip(2), clip(1)])} playingKey="alarm-1" />);
    expect(screen.getByTestId('playback-play-alarm-1').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('playback-play-alarm-1').textContent).toContain('播放中');
    expect(screen.getByTestId('playback-play-alarm-2').getAttribute('aria-pressed')).toBe('false');
  });

  it('lists recordings beside alarm clips: start time, 录像 tag and length, playable like a clip', () => {
    const onPlay = vi.fn();
    const rec = recording('2026-11-20T09:00:00.000Z', 3725.4);
    render(<ClipList {...base} asked result={result([rec, clip(1)])} onPlay={onPlay} />);
    const row = screen.getByTestId(`playback-row-recording-${rec.id}`);
    expect(row.textContent).toContain('录像');
    expect(row.textContent).toContain('1:02:05');
    expect(row.textContent).toContain(formatTime('2026-11-20T09:00:00.000Z'));
    const alarmRow = screen.getByTestId('playback-row-alarm-1');
    expect(alarmRow.textContent).toContain('报警视频');
    expect(alarmRow.textContent).toContain('未戴安全帽');
    const rows = screen.getAllByTestId(/^playback-row-/).map((r) => r.getAttribute('data-testid'));
    expect(rows).toEqual([`playback-row-recording-${rec.id}`, 'playback-row-alarm-1']);
    fireEvent.click(screen.getByTestId(`playback-play-recording-${rec.id}`));
    expect(onPlay).toHaveBeenCalledWith(rec);
  });

  it('warns when the media server did not answer, above the alarm clips or the empty state', () => {
    const { rerender } = render(<ClipList {...base} asked result={result([clip(1)], false, true)} />);
    expect(screen.getByTestId('playback-recordings-unavailable').textContent).toContain('流媒体服务器未响应');
    expect(screen.getByTestId('playback-row-alarm-1')).toBeTruthy();
    rerender(<ClipList {...base} asked result={result([], false, true)} />);
    expect(screen.getByTestId('playback-recordings-unavailable')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('此相机下暂无视频!');
    rerender(<ClipList {...base} asked result={result([clip(1)])} />);
    expect(screen.queryByTestId('playback-recordings-unavailable')).toBeNull();
  });

  it('says when the list was cut at the limit', () => {
    render(<ClipList {...base} asked result={result([clip(1)], true)} />);
    expect(screen.getByTestId('playback-truncated').textContent).toContain('请缩小时间范围');
  });

  it('pages the clips with the standard footer: sizes 10, 20, 30, 50 (SPEC §9)', () => {
    const clips = Array.from({ length: 25 }, (_, i) => clip(i + 1));
    render(<ClipList {...base} asked result={result(clips)} />);
    expect(screen.getAllByRole('button', { name: /播放|Play/ })).toHaveLength(10);
    // The size changer is there, and choosing 30 shows all 25.
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select') as Element);
    fireEvent.click(screen.getByTitle(/^30 /));
    expect(screen.getAllByRole('button', { name: /播放|Play/ })).toHaveLength(25);
  });
});
