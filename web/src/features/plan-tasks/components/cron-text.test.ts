import { describe, expect, it } from 'vitest';
import { cronText } from './cron-text.ts';

describe('cronText', () => {
  it('reads a five-field cron in English and Chinese', () => {
    expect(cronText('*/10 * * * *', 'en')).toBe('Every 10 minutes');
    expect(cronText('*/10 * * * *', 'zh-CN')).toBe('每隔 10 分钟');
    expect(cronText('17 3 * * *', 'en')).toBe('At 03:17');
  });

  it('answers null for what the scheduler would refuse', () => {
    expect(cronText('61 * * * *', 'en')).toBeNull();
    expect(cronText('* * * *', 'en')).toBeNull();
    expect(cronText('0 * * * * *', 'en')).toBeNull();
    expect(cronText('', 'zh-CN')).toBeNull();
  });
});
