import { nodeForPath } from './guard.ts';

/**
 * Called by the guard once it lets the user onto `pathname`: the page's first requests start now,
 * beside its chunk and the layout's render, instead of after its first render. The registries
 * (app/page-registry.ts, each feature's `prefetch` beside its `pages`) load here on demand, the
 * chunk the route needs next anyway; the login page does not load them. Never throws.
 */
export function prefetchRoute(pathname: string): void {
  const code = nodeForPath(pathname)?.code;
  if (code === undefined) return; // Not a console page (the login page): nothing to load.
  // The query cache is not in the first load either (query-client.ts).
  const started = Promise.all([import('./page-registry.ts'), import('./query-client.ts')])
    .then(([{ PREFETCH }, { queryClient }]) => {
      void PREFETCH[code]?.(queryClient);
    })
    .catch(() => {
      // The page asks again on its own, and shows its own error.
    });
  pending = Promise.all([pending, started]).then(() => undefined);
}

let pending: Promise<void> = Promise.resolve();

/** Resolves once every prefetch asked for so far has started its requests (or had none). */
export const prefetchesStarted = (): Promise<void> => pending;
