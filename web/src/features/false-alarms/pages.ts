import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the false-alarm records feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  FalseAlarmRecord: () => import('./pages/false-alarm-record-page.tsx'),
};
