import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the camera self-check (issue 14 §1), by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  cameraRecord: () => import('./pages/camera-record-page.tsx'),
  cameraErrorLog: () => import('./pages/camera-error-log-page.tsx'),
  cameraScreenshotLog: () => import('./pages/camera-screenshot-log-page.tsx'),
};
