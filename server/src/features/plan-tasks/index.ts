/** The plan-tasks feature's public face (ARCHITECTURE.md, import rules). */
export { planTasksRoutes } from './routes.ts';
