import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the alarms feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  historyAlarm: () => import('./pages/history-alarm-page.tsx'),
  alarmApproval: () => import('./pages/alarm-approval-page.tsx'),
};
