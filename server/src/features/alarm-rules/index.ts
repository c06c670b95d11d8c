/** The alarm-rules feature's public face (ARCHITECTURE.md, import rules). */
export { alarmRulesRoutes } from './routes.ts';
