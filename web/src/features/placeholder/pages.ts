import type { LazyPage, PageRegistry } from '@/shared/routing/page-registry.ts';

/** Every menu leaf without a page yet shows this. */
export const notReadyPage: LazyPage = () => import('./pages/not-ready-page.tsx');
/** A scene group with no scene in it. */
export const emptyGroupPage: LazyPage = () => import('./pages/empty-group-page.tsx');

export const pages: PageRegistry = {};
