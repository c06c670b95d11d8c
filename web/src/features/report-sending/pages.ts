import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the report-sending feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  reportSending: () => import('./pages/report-sending-page.tsx'),
  viewRecord: () => import('./pages/view-record-page.tsx'),
  plantDataReport: () => import('./pages/plant-data-report-page.tsx'),
};
