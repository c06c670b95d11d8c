import type { Lang } from '@sentinel/contract';

const UNITS = [
  { seconds: 86_400, en: 'd', zh: '天' },
  { seconds: 3_600, en: 'h', zh: '小时' },
  { seconds: 60, en: 'min', zh: '分' },
  { seconds: 1, en: 's', zh: '秒' },
] as const;

/** Shown when there is no duration (nothing handled in the period). */
export const NO_DURATION = '—';

/**
 * A readable duration in its two largest units, whole seconds: "45 s", "3 min 20 s", "1 h 5 min",
 * "2 d 3 h"; in Chinese "45秒", "3分20秒", "1小时5分", "2天3小时".
 */
export function durationText(seconds: number | null | undefined, lang: Lang): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NO_DURATION;
  const total = Math.max(0, Math.round(seconds));
  const zh = lang === 'zh-CN';
  const first = UNITS.findIndex((unit) => total >= unit.seconds);
  if (first < 0) return zh ? '0秒' : '0 s';
  const parts: string[] = [];
  let rest = total;
  for (const unit of UNITS.slice(first, first + 2)) {
    const amount = Math.floor(rest / unit.seconds);
    rest -= amount * unit.seconds;
    if (amount > 0) parts.push(zh ? `${amount}${unit.zh}` : `${amount} ${unit.en}`);
  }
  return parts.join(zh ? '' : ' ');
}
