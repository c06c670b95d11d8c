import { type LocaleFile, toLocaleFiles } from './i18n-resources.ts';

/** The Chinese locale files of the features inside the layout (one chunk: feature-locales.ts). */
const files = import.meta.glob<Record<string, unknown>>(
  [
    '/src/features/*/locales/zh-CN.json',
    '!/src/features/{session,errors,placeholder,account-settings}/locales/*.json',
  ],
  { eager: true, import: 'default' },
);

export const featureLocaleFilesZhCn = (): LocaleFile[] => toLocaleFiles(files);
