/** The alarms feature's public face (ARCHITECTURE.md, import rules). */
export { ingestRoutes } from './ingest-routes.ts';
export { toAlarmItem } from './mapper.ts';
export { alarmConditions, PROCESSED_STATES, sceneAuthorityWhere, UNTREATED_STATES } from './repo.ts';
export { alarmsRoutes } from './routes.ts';
export { seedAlarms } from './seed.ts';
