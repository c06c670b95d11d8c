import type { ComponentType } from 'react';

/** A page module loaded on demand; its default export is the page component. */
export type LazyPage = () => Promise<{ default: ComponentType }>;

/** Pages a feature builds, keyed by the menu code of their route (contract MENU_TREE). */
export type PageRegistry = Record<string, LazyPage>;
