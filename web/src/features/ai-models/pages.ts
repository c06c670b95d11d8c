import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** The model base and the instance wizard, by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  AlgorithmModelBase: () => import('./pages/model-base-page.tsx'),
  createinstance1: () => import('./pages/wizard-step1-page.tsx'),
  createinstance2: () => import('./pages/wizard-step2-page.tsx'),
  createinstance3: () => import('./pages/wizard-step3-page.tsx'),
  createinstance4: () => import('./pages/wizard-step4-page.tsx'),
};
