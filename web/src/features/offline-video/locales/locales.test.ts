import { MESSAGES } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh-CN.json';

// Key and placeholder parity of every namespace: web/src/app/locales.test.ts.
describe('offline video strings', () => {
  it("says 未发现事件 for no events; the server's upload refusals exist in both languages", () => {
    expect(zh.results.noEvents).toBe('未发现事件');
    expect(en.results.noEvents).toBe('No events found');
    expect(MESSAGES['offlineVideo.type']?.['zh-CN']).toBe('只能上传MP4、MOV、FLV或TS格式的视频文件');
  });
});
