import { LANGS, type Lang, type MenuNode, translate } from '@sentinel/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n, { type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app-store.ts';
import { getCookie, setCookie } from '../utils/cookie.ts';

export const LANGUAGE_COOKIE = 'language';

function isLang(value: string | undefined): value is Lang {
  return value !== undefined && (LANGS as string[]).includes(value);
}

/** Cookie `language`, else the browser language (zh* → zh-CN), else English. */
export function detectLanguage(cookie = getCookie(LANGUAGE_COOKIE), browser?: string): Lang {
  if (isLang(cookie)) return cookie;
  const nav = browser ?? (typeof navigator !== 'undefined' ? navigator.language : '');
  if (nav?.toLowerCase().startsWith('zh')) return 'zh-CN';
  return 'en';
}

function applySideEffects(lang: Lang) {
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  useAppStore.getState().setLanguage(lang);
}

/** Initialise i18next with resources shaped { en: { ns: {...} }, 'zh-CN': { ns: {...} } }. */
export function initI18n(resources: Resource, lang: Lang = detectLanguage()) {
  applySideEffects(lang);
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: LANGS,
    defaultNS: 'common',
    ns: Object.keys(resources.en ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}

let languageLoader: ((lang: Lang) => Promise<void>) | null = null;

/**
 * What loads a language's texts that are not in the first load (app/i18n-resources.ts: the
 * features' locale files, one language at a time): setLanguage awaits it before switching.
 */
export function setLanguageLoader(load: (lang: Lang) => Promise<void>) {
  languageLoader = load;
}

export async function setLanguage(lang: Lang) {
  // The texts first (a failed load keeps the language as it was, like a failed page load).
  await languageLoader?.(lang);
  setCookie(LANGUAGE_COOKIE, lang, 365);
  applySideEffects(lang);
  await i18n.changeLanguage(lang);
}

export function currentLang(): Lang {
  const lang = i18n.language;
  return isLang(lang) ? lang : useAppStore.getState().language;
}

/** The UI language (re-renders on change). */
export function useLang(): Lang {
  return useAppStore((s) => s.language);
}

/** Title of a route node in the UI language. */
export function nodeTitle(node: Pick<MenuNode, 'title'>, lang: Lang): string {
  return node.title[lang];
}

/** Message code or server text in the UI language. */
export function tr(message: string, lang: Lang = currentLang()): string {
  return translate(message, lang);
}

export { i18n, useTranslation };
