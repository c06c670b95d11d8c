import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the data scope feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  scope: () => import('./pages/scope-page.tsx'),
};
