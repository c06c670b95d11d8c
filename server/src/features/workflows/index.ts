/** The workflows feature's public face (ARCHITECTURE.md, import rules). */
export { HOT_WORK_FLOW_NAME } from './demo-names.ts';
export { workflowsRoutes } from './routes.ts';
export { seedWorkflows } from './seed.ts';
