import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the devices feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  cameraSet: () => import('./pages/camera-set-page.tsx'),
  cameraType: () => import('./pages/camera-type-page.tsx'),
  cameraPlatform: () => import('./pages/camera-platform-page.tsx'),
  cameraRotationSet: () => import('./pages/camera-rotation-page.tsx'),
  virtualCamera: () => import('./pages/virtual-camera-page.tsx'),
};
