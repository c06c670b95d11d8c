import type { Lang } from '@sentinel/contract';

/** The text of a bilingual value in the UI language (the other one when it is empty). */
export const pick = (value: { en: string; zh: string }, lang: Lang): string =>
  (lang === 'en' ? value.en || value.zh : value.zh || value.en) ?? '';
