import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the licence feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  licenseSettings: () => import('./pages/licence-page.tsx'),
};
