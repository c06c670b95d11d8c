import { describe, expect, it } from 'vitest';
import { bytes, diskState, duration } from './figures.ts';

describe('system status figures', () => {
  it('turns the disk bar warning from the threshold and red at 95 %', () => {
    expect(diskState(50, 85)).toBe('normal');
    expect(diskState(85, 85)).toBe('warning');
    expect(diskState(94.9, 85)).toBe('warning');
    expect(diskState(95, 85)).toBe('exception');
    expect(diskState(97, 98)).toBe('normal');
  });

  it('formats bytes and durations', () => {
    expect(bytes(512)).toBe('512 B');
    expect(bytes(1536)).toBe('1.5 KB');
    expect(bytes(null)).toBe('—');
    expect(duration(59)).toBe('59s');
    expect(duration(3_661)).toBe('1h 1m 1s');
    expect(duration(90_061)).toBe('1d 1h 1m 1s');
  });
});
