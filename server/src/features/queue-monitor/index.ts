/** The queue-monitor feature's public face (ARCHITECTURE.md, import rules). */
export { queueMonitorRoutes } from './routes.ts';
