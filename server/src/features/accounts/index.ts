/** The accounts feature's public face (ARCHITECTURE.md, import rules). */
export { accountsRoutes } from './routes.ts';
