import { describe, expect, it } from 'vitest';
import { formatBytes, formatOffset } from './format.ts';

describe('formatOffset', () => {
  it('writes a time in the video as mm:ss, h:mm:ss past an hour', () => {
    expect(formatOffset(0)).toBe('00:00');
    expect(formatOffset(5.9)).toBe('00:05');
    expect(formatOffset(65)).toBe('01:05');
    expect(formatOffset(599)).toBe('09:59');
    expect(formatOffset(3599)).toBe('59:59');
    expect(formatOffset(3600)).toBe('1:00:00');
    expect(formatOffset(3725)).toBe('1:02:05');
  });

  it('treats missing, negative and non-finite values as 00:00', () => {
    expect(formatOffset(null)).toBe('00:00');
    expect(formatOffset(undefined)).toBe('00:00');
    expect(formatOffset(-3)).toBe('00:00');
    expect(formatOffset(Number.NaN)).toBe('00:00');
  });
});

describe('formatBytes', () => {
  it('writes sizes 1024-based', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(43_008)).toBe('42 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GB');
  });

  it('is empty for unknown sizes', () => {
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });
});
