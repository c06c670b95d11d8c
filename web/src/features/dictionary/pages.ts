import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the dictionary feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  dictionary: () => import('./pages/dictionary-page.tsx'),
};
