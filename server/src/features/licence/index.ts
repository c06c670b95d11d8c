/** The licence feature's public face (ARCHITECTURE.md, import rules). */
export { licenceRoutes } from './routes.ts';
