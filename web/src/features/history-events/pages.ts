import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the history events feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  historyEvent: () => import('./pages/history-event-page.tsx'),
  dcsAlarm: () => import('./pages/dcs-alarm-page.tsx'),
};
