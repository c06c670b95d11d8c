import type { PrefetchRegistry } from '../shared/routing/page-registry.ts';
import { nodeForPath } from './guard.ts';
import { queryClient } from './providers.tsx';

/** Each feature may list, beside its pages, what a page asks first (`prefetch` in its pages.ts). */
const featureModules = import.meta.glob<{ prefetch?: PrefetchRegistry }>('../features/*/pages.ts', {
  eager: true,
});

const PREFETCH: PrefetchRegistry = Object.assign(
  {},
  ...Object.values(featureModules).map((module) => module.prefetch ?? {}),
);

/**
 * Called by the guard once it lets the user onto `pathname`: the page's first requests start now,
 * beside its chunk and the layout's render, instead of after its first render. Never throws.
 */
export function prefetchRoute(pathname: string): void {
  const code = nodeForPath(pathname)?.code;
  const prefetch = code === undefined ? undefined : PREFETCH[code];
  if (!prefetch) return;
  Promise.resolve()
    .then(() => prefetch(queryClient))
    .catch(() => {
      // The page asks again on its own, and shows its own error.
    });
}
