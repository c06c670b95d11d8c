import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the self-check system area, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  systemStatus: () => import('./pages/system-status-page.tsx'),
  onekeyExport: () => import('./pages/onekey-export-page.tsx'),
};
