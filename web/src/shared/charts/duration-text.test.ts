import { describe, expect, it } from 'vitest';
import { durationText, percentText } from './duration-text.ts';

describe('readable durations', () => {
  it('shows the two largest units in English', () => {
    expect(durationText(0, 'en')).toBe('0 s');
    expect(durationText(45.4, 'en')).toBe('45 s');
    expect(durationText(200, 'en')).toBe('3 min 20 s');
    expect(durationText(3600, 'en')).toBe('1 h');
    expect(durationText(3900, 'en')).toBe('1 h 5 min');
    expect(durationText(3 * 86_400 + 7200 + 59, 'en')).toBe('3 d 2 h');
  });
  it('shows the two largest units in Chinese', () => {
    expect(durationText(45, 'zh-CN')).toBe('45秒');
    expect(durationText(200, 'zh-CN')).toBe('3分20秒');
    expect(durationText(3900, 'zh-CN')).toBe('1小时5分');
    expect(durationText(2 * 86_400 + 3 * 3600, 'zh-CN')).toBe('2天3小时');
  });
  it('shows a dash without a duration', () => {
    expect(durationText(null, 'en')).toBe('—');
    expect(durationText(undefined, 'zh-CN')).toBe('—');
  });
  it('shows shares as percentages', () => {
    expect(percentText(0.125)).toBe('12.5%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(2 / 3)).toBe('66.7%');
    expect(percentText(null)).toBe('—');
  });
});
