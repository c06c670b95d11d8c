/** The audit-log feature's public face (ARCHITECTURE.md, import rules). */
export { auditLogRoutes } from './routes.ts';
