import { describe, expect, it } from 'vitest';
import { timeFormatter } from './xlsx-writer.ts';

describe('timeFormatter', () => {
  it('writes local wall-clock time of the zone, across DST changes', () => {
    const berlin = timeFormatter('Europe/Berlin');
    expect(berlin(new Date('2024-03-31T00:59:59.999Z'))).toBe('2024-03-31 01:59:59');
    expect(berlin(new Date('2024-03-31T01:00:00Z'))).toBe('2024-03-31 03:00:00');
    expect(berlin(new Date('2024-10-27T00:59:59Z'))).toBe('2024-10-27 02:59:59');
    expect(berlin(new Date('2024-10-27T01:00:00Z'))).toBe('2024-10-27 02:00:00');
    const shanghai = timeFormatter('Asia/Shanghai');
    expect(shanghai(new Date('2024-12-31T16:00:00Z'))).toBe('2025-01-01 00:00:00');
    expect(shanghai(new Date('2024-12-31T15:59:59.500Z'))).toBe('2024-12-31 23:59:59');
    expect(timeFormatter('Asia/Kathmandu')(new Date('2024-05-01T00:00:00Z'))).toBe('2024-05-01 05:45:00');
    expect(timeFormatter('UTC')(new Date('1969-12-31T23:59:59.250Z'))).toBe('1969-12-31 23:59:59');
  });
});
