import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the scene-cameras feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  cameraManagement: () => import('./pages/camera-management-page.tsx'),
  controlAlgorithm: () => import('./pages/control-algorithm-page.tsx'),
  temporaryAlgorithm: () => import('./pages/temporary-algorithm-page.tsx'),
  temporaryOperationScene: () => import('./pages/temporary-operation-scene-page.tsx'),
};
