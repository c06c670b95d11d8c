import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the algorithms feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  algorithmType: () => import('./pages/algorithm-type-page.tsx'),
  algorithmSetting: () => import('./pages/algorithm-setting-page.tsx'),
};
