import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the workflows feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  flowSet: () => import('./pages/flow-set-page.tsx'),
  workflowType: () => import('./pages/workflow-type-page.tsx'),
  sceneWorkflowType: () => import('./pages/scene-workflow-type-page.tsx'),
};
