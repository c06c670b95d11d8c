import type { PageRegistry, PrefetchRegistry } from '@/shared/routing/page-registry.ts';
import { prefetchDashboard } from './api/queries.ts';

/** The operator's home (menu code dashboard, SPEC §2 report item 229). */
export const pages: PageRegistry = {
  dashboard: () => import('./pages/dashboard-page.tsx'),
};

/** Its first data, asked as soon as the guard lets the user in, beside its chunk (app/route-prefetch.ts). */
export const prefetch: PrefetchRegistry = {
  dashboard: prefetchDashboard,
};
