import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the SQL query area, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  sqlQuery: () => import('./pages/sql-query-page.tsx'),
};
