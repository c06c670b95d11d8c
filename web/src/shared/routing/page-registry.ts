import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** A page module loaded on demand; its default export is the page component. */
export type LazyPage = () => Promise<{ default: ComponentType }>;

/** Pages a feature builds, keyed by the menu code of their route (contract MENU_TREE). */
export type PageRegistry = Record<string, LazyPage>;

/**
 * Starts a page's first requests into the query cache (without waiting for them), called once the
 * guard has let the user onto the page: they travel while the page's chunk loads and renders.
 */
export type PagePrefetch = (client: QueryClient) => Promise<void> | void;

/** A feature's prefetches (`prefetch` beside `pages` in its pages.ts), by menu code. */
export type PrefetchRegistry = Record<string, PagePrefetch>;
