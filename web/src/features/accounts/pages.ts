import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the accounts feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  accounts: () => import('./pages/accounts-page.tsx'),
};
