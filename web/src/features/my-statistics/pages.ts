import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of My desk › Alarm statistics, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  statistics: () => import('./pages/my-statistics-page.tsx'),
};
