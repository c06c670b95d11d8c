import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the plant feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  regionalSettings: () => import('./pages/regional-settings-page.tsx'),
  factorySettings: () => import('./pages/factory-settings-page.tsx'),
  collieryInfo: () => import('./pages/colliery-info-page.tsx'),
};
