import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** The retraining wizard's three steps, by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  dataRetraining1: () => import('./pages/retraining-step1-page.tsx'),
  dataRetraining2: () => import('./pages/retraining-step2-page.tsx'),
  dataRetraining3: () => import('./pages/retraining-step3-page.tsx'),
};
