import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** System settings › plan tasks (admin only), by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  planTask: () => import('./pages/plan-tasks-page.tsx'),
};
