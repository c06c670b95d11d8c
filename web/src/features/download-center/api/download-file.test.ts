import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file.ts';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf(`attachment; filename="a_b.xlsx"; filename*=UTF-8''${encodeURIComponent('报警.xlsx')}`, 'x'),
    ).toBe('报警.xlsx');
    expect(fileNameOf('attachment; filename="video-alarms-20240501-080000.xlsx"', 'x')).toBe(
      'video-alarms-20240501-080000.xlsx',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'fallback.zip')).toBe('fallback.zip');
    expect(fileNameOf(null, 'fallback.zip')).toBe('fallback.zip');
  });
});
