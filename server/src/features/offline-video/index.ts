/** The offline-video feature's public face (ARCHITECTURE.md, import rules). */
export { offlineVideoRoutes } from './routes.ts';
