import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the scenes feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  sceneSupervisionSet: () => import('./pages/scene-supervision-set-page.tsx'),
  fixedOperationSet: () => import('./pages/fixed-operation-set-page.tsx'),
  fixedOperationScene: () => import('./pages/fixed-operation-scene-page.tsx'),
  temporaryJobSet: () => import('./pages/temporary-job-set-page.tsx'),
  temporaryJobType: () => import('./pages/job-type-page.tsx'),
  generalSceneManage: () => import('./pages/general-scene-manage-page.tsx'),
  jobSceneManage: () => import('./pages/job-scene-manage-page.tsx'),
  temporaryJobManage: () => import('./pages/temporary-job-manage-page.tsx'),
  generalScene: () => import('./pages/general-scene-page.tsx'),
  jobScene: () => import('./pages/job-scene-page.tsx'),
  temporaryJobScenePage: () => import('./pages/temporary-job-scene-page.tsx'),
  temporaryDetail: () => import('./pages/temporary-detail-page.tsx'),
};
