import { QueryClient } from '@tanstack/react-query';

/**
 * The console's query cache. Its own module, loaded with the console (providers.tsx) or by the
 * guard's prefetch: TanStack Query is not in the login page's first load (issue 17 §8).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
