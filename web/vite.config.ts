import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { layoutChunk, type ModuleGraph } from './layout-chunk.ts';
import { precompress } from './precompress.ts';
import { srcAlias } from './src-alias.ts';

const backend = process.env.SENTINEL_BACKEND ?? 'http://localhost:8080';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/** The layout's chunks (layout-chunk.ts): fewer, larger files on a console page's first load. */
const layoutChunkOf = layoutChunk(
  src('app/layout/main-layout.tsx'),
  src('main.tsx'),
  [src('features/session/pages/auth-redirect-page.tsx'), src('features/errors/pages/error-page.tsx')],
  // Built without antd (issue 17 §8): it must not load layout-shared whole.
  [src('features/session/pages/login-page.tsx')],
);

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: srcAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // First: a group takes its modules' dependencies too, and React must not end up in
              // a library's chunk (vendor-query would hold the JSX runtime the entry needs).
              name: (id: string) =>
                /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'vendor-react' : null,
              priority: 3,
            },
            {
              name(id: string) {
                // zod's configuration must run before any schema is built: in zod's own chunk (chunks a
                // module imports are evaluated before that module's code, whatever the import order).
                if (id.endsWith('/src/shared/zod-config.ts')) return 'vendor-libs';
                if (!id.includes('node_modules')) return null;
                // The query cache is the console's, not the login page's (issue 17 §8).
                if (/node_modules\/@tanstack\//.test(id)) return 'vendor-query';
                if (/node_modules\/(i18next|react-i18next|dayjs|zod|zustand)\//.test(id))
                  return 'vendor-libs';
                return null;
              },
              priority: 2,
            },
            {
              // Without the modules' other dependencies: those are the entry's, in its chunks.
              name: (id: string, graph: ModuleGraph) => layoutChunkOf(id, graph),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // ws: the demo stream source answers WS-FLV on /api/v2/video/demo/…
      '/api': { target: backend, changeOrigin: true, ws: true },
      '/healthz': { target: backend, changeOrigin: true },
    },
  },
});
