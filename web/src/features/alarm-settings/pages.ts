import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the alarm-settings feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  alarmSettings: () => import('./pages/alarm-settings-page.tsx'),
};
