import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the job runs feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  historyTask: () => import('./pages/history-task-page.tsx'),
  taskDetails: () => import('./pages/task-details-page.tsx'),
};
