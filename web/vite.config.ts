import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { srcAlias } from './src-alias.ts';

const backend = process.env.SENTINEL_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: srcAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          // zod's configuration must run before any schema is built: in zod's own chunk (chunks a
          // module imports are evaluated before that module's code, whatever the import order).
          if (id.endsWith('/src/shared/zod-config.ts')) return 'vendor-libs';
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
          if (/node_modules\/(i18next|react-i18next|dayjs|zod|zustand|@tanstack)\//.test(id))
            return 'vendor-libs';
          return undefined;
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
