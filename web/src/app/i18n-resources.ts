import type { Lang } from '@sentinel/contract';
import type { Resource } from 'i18next';
import { currentLang, i18n, setLanguageLoader } from '../shared/i18n/i18n.ts';

type Json = Record<string, unknown>;

/**
 * The locale files the first load needs: shared/locales → namespace `common`, app/locales →
 * `layout`, and the features shown before the console's layout (login, error pages, the account
 * language the guard applies). The other features' files load with the layout
 * (feature-locales.ts, loadFeatureLocales): the login page does not carry them (issue 17 §8).
 */
const files = import.meta.glob<Json>(
  [
    '/src/shared/locales/*.json',
    '/src/app/locales/*.json',
    '/src/features/{session,errors,placeholder,account-settings}/locales/*.json',
  ],
  { eager: true, import: 'default' },
);

/** The features whose locale files are in the first load (the others: feature-locales.ts). */
export const EARLY_LOCALE_FEATURES = ['session', 'errors', 'placeholder', 'account-settings'];

export interface LocaleFile {
  namespace: string;
  lang: string;
  path: string;
  content: Json;
}

const camel = (value: string) => value.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Locale files by namespace and language (features/<area> → `<area>` in camelCase). */
export function toLocaleFiles(glob: Record<string, Json>): LocaleFile[] {
  return Object.entries(glob).map(([path, content]) => {
    const match = /\/(shared|app|features\/([^/]+))\/locales\/([^/]+)\.json$/.exec(path);
    const namespace = match?.[2] ? camel(match[2]) : match?.[1] === 'app' ? 'layout' : 'common';
    return { namespace, lang: match?.[3] ?? '', path, content };
  });
}

/** The first load's locale files. */
export function localeFiles(): LocaleFile[] {
  return toLocaleFiles(files);
}

export function buildResources(): Resource {
  const resources: Record<Lang, Record<string, Json>> = { en: {}, 'zh-CN': {} };
  for (const file of localeFiles()) {
    if (file.lang === 'en' || file.lang === 'zh-CN') resources[file.lang][file.namespace] = file.content;
  }
  return resources;
}

const featureLocales = new Map<Lang, Promise<void>>();

const FEATURE_LOCALE_CHUNKS: Record<Lang, () => Promise<LocaleFile[]>> = {
  en: () => import('./feature-locales-en.ts').then((m) => m.featureLocaleFilesEn()),
  'zh-CN': () => import('./feature-locales-zh-cn.ts').then((m) => m.featureLocaleFilesZhCn()),
};

/**
 * Adds the other features' locale files in one language (one chunk per language: the first
 * console route loads only the UI language's, issue 17 §8); once per language. From the first
 * call on, a language switch loads the new language's before it switches (setLanguageLoader).
 */
export function loadFeatureLocales(lang: Lang = currentLang()): Promise<void> {
  setLanguageLoader(loadFeatureLocales);
  let loading = featureLocales.get(lang);
  if (!loading) {
    loading = FEATURE_LOCALE_CHUNKS[lang]().then((files) => {
      for (const file of files) i18n.addResourceBundle(lang, file.namespace, file.content, true, true);
    });
    loading.catch(() => {
      featureLocales.delete(lang); // A failed chunk load is tried again by the next navigation.
    });
    featureLocales.set(lang, loading);
  }
  return loading;
}
