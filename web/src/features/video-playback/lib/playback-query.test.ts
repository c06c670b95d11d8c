import type { CameraVideoClip } from '@sentinel/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clipKey, formatDuration, playbackQuery, sameQuery, selectedClip } from './playback-query.ts';

const clip = (id: number): CameraVideoClip => ({
  source: 'alarm',
  id,
  alarmTime: '2026-11-20T08:00:00.000Z',
  videoAlarmTypeName: 'No helmet',
  url: `/media/clips/${id}.mp4`,
  kind: 'mp4',
});

describe('playback query', () => {
  it('needs a camera', () => {
    expect(playbackQuery({})).toBeNull();
    expect(playbackQuery({ cameraId: null })).toBeNull();
    expect(playbackQuery({ cameraId: 0 })).toBeNull();
  });

  it('asks for the latest clips without a range', () => {
    expect(playbackQuery({ cameraId: 7 })).toEqual({ cameraId: 7 });
    expect(playbackQuery({ cameraId: 7, range: null })).toEqual({ cameraId: 7 });
  });

  it('sends both ends of a range as ISO times', () => {
    const start = dayjs('2026-11-01T00:00:00.000Z');
    const end = dayjs('2026-11-02T12:30:00.000Z');
    expect(playbackQuery({ cameraId: 3, range: [start, end] })).toEqual({
      cameraId: 3,
      startTime: '2026-11-01T00:00:00.000Z',
      endTime: '2026-11-02T12:30:00.000Z',
    });
  });
});

describe('same query', () => {
  it('compares the camera and both ends of the range', () => {
    const a = { cameraId: 1, startTime: '2026-11-01T00:00:00.000Z', endTime: '2026-11-02T00:00:00.000Z' };
    expect(sameQuery(a, { ...a })).toBe(true);
    expect(sameQuery(a, { ...a, cameraId: 2 })).toBe(false);
    expect(sameQuery(a, { ...a, endTime: '2026-11-03T00:00:00.000Z' })).toBe(false);
    expect(sameQuery({ cameraId: 1 }, a)).toBe(false);
    expect(sameQuery(null, null)).toBe(true);
    expect(sameQuery(a, null)).toBe(false);
  });
});

describe('selected clip', () => {
  it('keeps the chosen clip while it is listed, and forgets it otherwise', () => {
    const list = [clip(2), clip(1)];
    expect(selectedClip(list, clipKey(clip(1)))?.id).toBe(1);
    expect(selectedClip(list, 'alarm-9')).toBeNull();
    expect(selectedClip(list, null)).toBeNull();
    expect(selectedClip([], 'alarm-1')).toBeNull();
  });

  it('tells an alarm clip from a recording with the same id', () => {
    const rec: CameraVideoClip = {
      source: 'recording',
      id: 1,
      startTime: '2026-11-20T08:00:00.000Z',
      durationSeconds: 60,
      url: '/rec.mp4',
      kind: 'mp4',
    };
    expect(clipKey(rec)).toBe('recording-1');
    expect(selectedClip([clip(1), rec], 'recording-1')).toBe(rec);
    expect(selectedClip([clip(1), rec], 'alarm-1')?.source).toBe('alarm');
  });
});

describe('format duration', () => {
  it('shows M:SS, or H:MM:SS from an hour, in whole seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(600.5)).toBe('10:00');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
