import type { Lang } from '@sentinel/contract';
import cronstrue from 'cronstrue';
// Only the two UI languages: the locale file registers itself on cronstrue (cronstrue/i18n would
// bring all 40 locales, about 170 kB, into the page's chunk).
import 'cronstrue/locales/zh_CN';

/** A cron expression in words in the UI language (null when cronstrue cannot read it). */
export function cronText(expression: string, lang: Lang): string | null {
  if (expression.trim().split(/\s+/).length !== 5) return null;
  try {
    return cronstrue.toString(expression.trim(), {
      locale: lang === 'zh-CN' ? 'zh_CN' : 'en',
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
    });
  } catch {
    return null;
  }
}
