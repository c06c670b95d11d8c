import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the outbound (data upload) feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  dataUpload: () => import('./pages/data-upload-page.tsx'),
};
