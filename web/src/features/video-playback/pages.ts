import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the video playback feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  videoPlayback: () => import('./pages/video-playback-page.tsx'),
};
