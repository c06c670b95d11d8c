/** The run-evidence feature's public face (ARCHITECTURE.md, import rules). */
export { runEvidenceRoutes } from './routes.ts';
