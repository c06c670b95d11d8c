/**
 * The alarm-settings feature's public face (ARCHITECTURE.md, import rules): the routes (which
 * register the global push policy's event-stream filter) and the pure policy.
 */
export { type GlobalDecision, GlobalPushPolicy } from './push-policy.ts';
export { pushedPriorities } from './repo.ts';
export { alarmSettingsRoutes } from './routes.ts';
