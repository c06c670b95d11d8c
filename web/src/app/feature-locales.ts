import { featureLocaleFilesEn } from './feature-locales-en.ts';
import { featureLocaleFilesZhCn } from './feature-locales-zh-cn.ts';
import type { LocaleFile } from './i18n-resources.ts';

/**
 * The locale files of the features shown inside the console's layout, both languages (the tests').
 * The app loads one language at a time with the layout (feature-locales-en.ts,
 * feature-locales-zh-cn.ts: i18n-resources.ts, loadFeatureLocales). Those before the layout are in
 * i18n-resources.ts.
 */
export function featureLocaleFiles(): LocaleFile[] {
  return [...featureLocaleFilesEn(), ...featureLocaleFilesZhCn()];
}
