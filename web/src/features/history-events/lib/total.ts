import type { TFunction } from 'i18next';

/** Footer total: "10,000+" when the server's count stopped at its cap. */
export function totalText(t: TFunction, count: number, capped: boolean): string {
  return t('total', { count: capped ? '10,000+' : String(count) });
}
