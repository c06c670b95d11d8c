import { describe, expect, it } from 'vitest';
import { durationMinutes, splitMinutes } from './duration.ts';

describe('run duration', () => {
  it('counts whole minutes between start and end', () => {
    expect(durationMinutes('2024-05-01T08:00:00Z', '2024-05-01T09:25:59Z')).toBe(85);
    expect(durationMinutes('2024-05-01T08:00:00Z', '2024-05-01T08:00:00Z')).toBe(0);
  });
  it('has no duration without both ends or with an end before the start', () => {
    expect(durationMinutes(null, '2024-05-01T09:00:00Z')).toBeNull();
    expect(durationMinutes('2024-05-01T08:00:00Z', null)).toBeNull();
    expect(durationMinutes('2024-05-01T09:00:00Z', '2024-05-01T08:00:00Z')).toBeNull();
  });
  it('splits into hours and two-digit minutes', () => {
    expect(splitMinutes(85)).toEqual({ hours: 1, minutes: '25' });
    expect(splitMinutes(5)).toEqual({ hours: 0, minutes: '05' });
  });
});
