import { fileURLToPath } from 'node:url';

/**
 * `@/…` is `web/src/…` (README, "Design notes: imports"): the same mapping as `paths` in
 * tsconfig.json, for Vite and Vitest.
 */
export const srcAlias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
