import { describe, expect, it } from 'vitest';
import { limitsText, valueText } from './dcs-format.ts';

describe('DCS formatting', () => {
  it('shows both limits, one of them, or none', () => {
    expect(limitsText({ lowLimit: 75, highLimit: 95, unit: '℃' })).toBe('75 ~ 95 ℃');
    expect(limitsText({ lowLimit: null, highLimit: 4, unit: '%' })).toBe('≤ 4 %');
    expect(limitsText({ lowLimit: 0.5, highLimit: null, unit: '' })).toBe('≥ 0.5');
    expect(limitsText({ lowLimit: null, highLimit: null, unit: 'm' })).toBe('—');
  });

  it('shows a reading with its unit', () => {
    expect(valueText({ value: 103.5, unit: '℃' })).toBe('103.5 ℃');
    expect(valueText({ value: 0, unit: '' })).toBe('0');
    expect(valueText({ value: null, unit: 'm' })).toBe('—');
  });
});
