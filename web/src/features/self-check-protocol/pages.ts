import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the protocol log (self-check), by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  messageProtocolLog: () => import('./pages/protocol-log-page.tsx'),
  protocolCount: () => import('./pages/protocol-count-page.tsx'),
};
