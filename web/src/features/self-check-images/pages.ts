import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the image checks (issue 14), by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  alarmImg: () => import('./pages/alarm-img-page.tsx'),
  eventImg: () => import('./pages/event-img-page.tsx'),
};
