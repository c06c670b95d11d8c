import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the account-settings feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  accountSettings: () => import('./pages/account-settings-page.tsx'),
};
