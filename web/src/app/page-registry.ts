import { emptyGroupPage } from '../features/placeholder/pages.ts';
import type { PageRegistry, PrefetchRegistry } from '../shared/routing/page-registry.ts';

// The features' page registries (`features/<area>/pages.ts`), loaded by routes.tsx and
// route-prefetch.ts with a dynamic import() of this module: together one chunk, fetched once the
// guard lets a user into the console, never with the login page (issue 17 §8, bench/first-load.mjs).

const featureModules = import.meta.glob<{ pages: PageRegistry; prefetch?: PrefetchRegistry }>(
  '../features/*/pages.ts',
  { eager: true },
);

/** Pages that exist; every other tree node shows the shared "not available yet" page. */
export const PAGES: PageRegistry = {
  generalSceneManage: emptyGroupPage,
  jobSceneManage: emptyGroupPage,
  // Feature registries last: a feature's page replaces a placeholder of the same code.
  ...Object.assign({}, ...Object.values(featureModules).map((module) => module.pages)),
};

/** What a page asks first, by menu code (`prefetch` beside `pages` in a feature's pages.ts). */
export const PREFETCH: PrefetchRegistry = Object.assign(
  {},
  ...Object.values(featureModules).map((module) => module.prefetch ?? {}),
);
