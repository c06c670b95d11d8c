import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the alarm-templates feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  alarmTemplates: () => import('./pages/alarm-templates-page.tsx'),
};
