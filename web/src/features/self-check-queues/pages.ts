import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the queue monitor (self-check), by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  queueMonitoring: () => import('./pages/queue-monitoring-page.tsx'),
  messageQueuePilesUpRecords: () => import('./pages/pileup-records-page.tsx'),
};
