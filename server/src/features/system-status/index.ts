/** The system-status feature's public face (ARCHITECTURE.md, import rules). */
export { systemStatusRoutes } from './routes.ts';
