import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the run evidence (issue 14), by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  alarmRunLog: () => import('./pages/alarm-run-log-page.tsx'),
  sceneCameraAlgorithms: () => import('./pages/scene-camera-algorithms-page.tsx'),
};
