/** The client-errors feature's public face (ARCHITECTURE.md, import rules). */
export { clientErrorRoutes } from './routes.ts';
