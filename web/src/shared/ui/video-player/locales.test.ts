import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { registerVideoPlayerLocales, VIDEO_PLAYER_LOCALES, VIDEO_PLAYER_NS } from './locales.ts';

describe('video player strings', () => {
  it('has the same non-empty keys in English and Chinese', () => {
    const en = Object.entries(VIDEO_PLAYER_LOCALES.en);
    const zh = VIDEO_PLAYER_LOCALES['zh-CN'] as Record<string, string>;
    expect(Object.keys(zh).sort()).toEqual(en.map(([key]) => key).sort());
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(zh[key]?.trim(), key).not.toBe('');
    }
  });

  it('carries the SPEC message for an unplayable source', () => {
    expect(VIDEO_PLAYER_LOCALES['zh-CN'].unplayable).toBe('此视频暂无法播放，请稍后再试');
  });

  it('registers its namespace once the app initialises i18next', async () => {
    const instance = i18next.createInstance();
    registerVideoPlayerLocales(instance);
    expect(instance.isInitialized).toBeFalsy();
    await instance.init({ resources: { en: { common: {} } }, lng: 'zh-CN', fallbackLng: 'en' });
    expect(instance.t('retry', { ns: VIDEO_PLAYER_NS })).toBe('重试');
  });
});
