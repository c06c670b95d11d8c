import { MESSAGES } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh-CN.json';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('video playback strings', () => {
  it('has the same non-empty keys in English and Chinese', () => {
    const enLeaves = leaves(en);
    const zhLeaves = leaves(zh);
    expect(zhLeaves.map(([k]) => k).sort()).toEqual(enLeaves.map(([k]) => k).sort());
    for (const [key, text] of [...enLeaves, ...zhLeaves]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it("carries the SPEC's texts: 请选择相机, and the server's 此相机下暂无视频!", () => {
    expect(zh.selectCamera).toBe('请选择相机');
    expect(MESSAGES['camera.noVideo']?.['zh-CN']).toBe('此相机下暂无视频!');
  });
});
