import { describe, expect, it } from 'vitest';
import { backoffDelay } from './realtime-client.ts';

describe('backoffDelay', () => {
  it('grows exponentially from about a second and caps at 30 s', () => {
    const mid = () => 0.5;
    expect(backoffDelay(0, mid)).toBe(1000);
    expect(backoffDelay(1, mid)).toBe(2000);
    expect(backoffDelay(3, mid)).toBe(8000);
    expect(backoffDelay(20, mid)).toBe(30000);
  });
  it('adds jitter of ±25 %', () => {
    expect(backoffDelay(2, () => 0)).toBe(3000);
    expect(backoffDelay(2, () => 1)).toBe(5000);
  });
});
