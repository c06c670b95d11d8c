import type { Lang } from '@sentinel/contract';

const UNITS = [
  { seconds: 86_400, en: 'd', zh: '天' },
  { seconds: 3_600, en: 'h', zh: '小时' },
  { seconds: 60, en: 'min', zh: '分' },
  { seconds: 1, en: 's', zh: '秒' },
] as const;

/** Shown for a group without handled alarms (no duration). */
export const NO_DURATION = '—';

/**
 * A readable duration: its two largest units, rounded to whole seconds — "45 s", "3 min 20 s",
 * "1 h 5 min", "2 d 3 h"; in Chinese "45秒", "3分20秒", "1小时5分", "2天3小时".
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
    // "1 h 0 min" reads as "1 h".
    if (amount > 0) parts.push(zh ? `${amount}${unit.zh}` : `${amount} ${unit.en}`);
  }
  return parts.join(zh ? '' : ' ');
}

/** The unit a duration axis counts in: the largest that its longest bar holds at least twice. */
export function durationUnit(maxSeconds: number): { seconds: number; en: string; zh: string } {
  const unit = UNITS.find((u) => u.seconds > 1 && maxSeconds >= 2 * u.seconds) ?? UNITS[3];
  return unit;
}

/** A share (0 … 1) as a percentage with at most one decimal ("12.5%"); "—" when there is none. */
export function percentText(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return NO_DURATION;
  return `${Math.round(share * 1000) / 10}%`;
}
