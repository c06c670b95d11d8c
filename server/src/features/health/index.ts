/** The health feature's public face (ARCHITECTURE.md, import rules). */
export { healthRoutes } from './routes.ts';
