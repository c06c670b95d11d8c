import type { LazyPage, PageRegistry } from '@/shared/routing/page-registry.ts';

/** `/redirect/*`: the tags view's refresh goes through it. */
export const redirectPage: LazyPage = () => import('./pages/redirect-page.tsx');
/** The 404 / 400 / 401 / 403 / 500 pages (named exports). */
export const errorPages = () => import('./pages/error-page.tsx');

export const pages: PageRegistry = {};
