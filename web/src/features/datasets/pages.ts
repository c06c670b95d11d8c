import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the datasets feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  trainingDataset: () => import('./pages/dataset-page.tsx'),
};
