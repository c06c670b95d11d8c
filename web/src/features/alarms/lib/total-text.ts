import type { TFunction } from 'i18next';

export const COUNT_CAP_TEXT = '10,000+';

/** Footer total: "10,000+" when the server's count is a capped estimate. */
export function totalText(t: TFunction, count: number, capped: boolean): string {
  return capped ? t('totalCapped', { count: COUNT_CAP_TEXT }) : t('total', { count: String(count) });
}
