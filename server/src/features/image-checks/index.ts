/** The image-checks feature's public face (ARCHITECTURE.md, import rules). */
export { imageChecksRoutes } from './routes.ts';
