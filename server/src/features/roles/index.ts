/** The roles feature's public face (ARCHITECTURE.md, import rules). */
export { rolesRoutes } from './routes.ts';
