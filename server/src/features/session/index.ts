/** The session feature's public face (ARCHITECTURE.md, import rules). */
export { sessionRoutes } from './routes.ts';
