import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the roles feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  role: () => import('./pages/roles-page.tsx'),
  page: () => import('./pages/page-permissions-page.tsx'),
};
