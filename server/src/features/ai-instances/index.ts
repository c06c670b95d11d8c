/** The instance library's public face (ARCHITECTURE.md, import rules). */
export { readDeployments } from './deployment-watch.ts';
export { aiInstancesRoutes } from './routes.ts';
export { deploy, instanceDetail } from './service.ts';
