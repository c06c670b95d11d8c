import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** The operator's home (menu code dashboard, SPEC §2 report item 229). */
export const pages: PageRegistry = {
  dashboard: () => import('./pages/dashboard-page.tsx'),
};
