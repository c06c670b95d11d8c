/** The exports feature's public face (ARCHITECTURE.md, import rules). */
export { exportRoutes } from './routes.ts';
