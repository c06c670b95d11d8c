import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the alarm-rules feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  alarmRule: () => import('./pages/alarm-rule-page.tsx'),
};
