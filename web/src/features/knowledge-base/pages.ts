import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Knowledge base › application-specific pages (issue 15 §7), by menu code (contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  craneTube: () => import('./pages/crane-tube-page.tsx'),
};
