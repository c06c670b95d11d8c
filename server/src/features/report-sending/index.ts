/** The report-sending feature's public face (ARCHITECTURE.md, import rules). */
export { reportSendingRoutes } from './routes.ts';
