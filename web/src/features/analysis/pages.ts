import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the analysis feature, by menu code (see contract/src/menu-tree.ts), under Home. */
export const pages: PageRegistry = {
  alarmAnalysis: () => import('./pages/alarm-analysis-page.tsx'),
  safetyAnalysis: () => import('./pages/safety-analysis-page.tsx'),
  efficiencyAnalysis: () => import('./pages/efficiency-analysis-page.tsx'),
};
