import { LANGS, type Lang, type UserInfo } from '@sentinel/contract';
import { currentLang, setLanguage } from '@/shared/i18n/i18n.ts';

const APPLIED_KEY = 'accountLanguageApplied';

/**
 * Applies the language chosen in account settings once per login (a new token): a reload keeps
 * what the header's language switch chose since.
 */
export function applyAccountLanguage(info: Pick<UserInfo, 'id' | 'language'>, token: string): void {
  const lang = info.language;
  if (!lang || !(LANGS as string[]).includes(lang)) return;
  const mark = `${info.id}:${token.slice(-8)}`;
  try {
    if (sessionStorage.getItem(APPLIED_KEY) === mark) return;
    sessionStorage.setItem(APPLIED_KEY, mark);
  } catch {
    // No storage (private mode): apply every time.
  }
  if (currentLang() !== lang) void setLanguage(lang as Lang);
}
