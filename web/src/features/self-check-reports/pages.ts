import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the run reports (issue 14 §3), by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  cameraRunReport: () => import('./pages/camera-run-report-page.tsx'),
  algorithmRunReport: () => import('./pages/algorithm-run-report-page.tsx'),
};
