/** The events feature's public face (ARCHITECTURE.md, import rules). */
export { eventRoutes } from './routes.ts';
