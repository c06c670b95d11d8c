import { MESSAGES } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh-CN.json';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('offline video strings', () => {
  it('has the same non-empty keys in English and Chinese', () => {
    const enLeaves = leaves(en);
    const zhLeaves = leaves(zh);
    expect(zhLeaves.map(([k]) => k).sort()).toEqual(enLeaves.map(([k]) => k).sort());
    for (const [key, text] of [...enLeaves, ...zhLeaves]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text: unknown) =>
      String(text)
        .match(/\{\{\w+\}\}/g)
        ?.sort() ?? [];
    const zhMap = new Map(leaves(zh));
    for (const [key, text] of leaves(en))
      expect(placeholders(zhMap.get(key)), key).toEqual(placeholders(text));
  });

  it("says 未发现事件 for no events; the server's upload refusals exist in both languages", () => {
    expect(zh.results.noEvents).toBe('未发现事件');
    expect(en.results.noEvents).toBe('No events found');
    expect(MESSAGES['offlineVideo.type']?.['zh-CN']).toBe('只能上传MP4、MOV、FLV或TS格式的视频文件');
  });
});
