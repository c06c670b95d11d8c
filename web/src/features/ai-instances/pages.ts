import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the instance library (issue 13 §3), by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  AlgorithmInstanceLibrary: () => import('./pages/instance-library-page.tsx'),
};
