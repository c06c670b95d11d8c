import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the audit log feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  bizLog: () => import('./pages/biz-log-page.tsx'),
};
