import { type LocaleFile, toLocaleFiles } from './i18n-resources.ts';

/**
 * The locale files of the features shown inside the console's layout, loaded with it (one chunk:
 * i18n-resources.ts, loadFeatureLocales). Those before the layout are in i18n-resources.ts.
 */
const files = import.meta.glob<Record<string, unknown>>(
  [
    '/src/features/*/locales/*.json',
    '!/src/features/{session,errors,placeholder,account-settings}/locales/*.json',
  ],
  { eager: true, import: 'default' },
);

export function featureLocaleFiles(): LocaleFile[] {
  return toLocaleFiles(files);
}
