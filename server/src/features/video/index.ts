/** The video feature's public face (ARCHITECTURE.md, import rules). */
export { videoRoutes } from './routes.ts';
