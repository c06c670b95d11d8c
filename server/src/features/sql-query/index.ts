/** The sql-query feature's public face (ARCHITECTURE.md, import rules). */
export { sqlQueryRoutes } from './routes.ts';
