/** The run-reports feature's public face (ARCHITECTURE.md, import rules). */
export { runReportsRoutes } from './routes.ts';
