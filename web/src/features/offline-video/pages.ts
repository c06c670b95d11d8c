import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the offline video analysis feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  offLineVideoSet: () => import('./pages/offline-video-page.tsx'),
};
