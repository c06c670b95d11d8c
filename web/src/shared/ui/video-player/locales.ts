import type { i18n as I18n } from 'i18next';
import { i18n } from '@/shared/i18n/i18n.ts';
import en from './locales/en.json';
import zh from './locales/zh-CN.json';

/** The player's own namespace: its strings live beside it, not in the app's locale folders. */
export const VIDEO_PLAYER_NS = 'videoPlayer';

export const VIDEO_PLAYER_LOCALES = { en, 'zh-CN': zh } as const;

/** Adds the player's strings to i18next (now, or as soon as the app initialises it). */
export function registerVideoPlayerLocales(instance: I18n = i18n) {
  const add = () => {
    for (const [lang, strings] of Object.entries(VIDEO_PLAYER_LOCALES)) {
      if (!instance.hasResourceBundle(lang, VIDEO_PLAYER_NS)) {
        instance.addResourceBundle(lang, VIDEO_PLAYER_NS, strings, true, false);
      }
    }
  };
  if (instance.isInitialized) add();
  else instance.on('initialized', add);
}

registerVideoPlayerLocales();
