import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** System settings › Running effect (issue 15 §3), by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  runningEffect: () => import('./pages/running-effect-page.tsx'),
};
