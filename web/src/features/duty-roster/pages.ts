import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the duty-roster feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  operationsManagement: () => import('./pages/operations-page.tsx'),
};
