/** The duty-roster feature's public face (ARCHITECTURE.md, import rules). */
export { onDutySql } from './repo.ts';
export { dutyRosterRoutes } from './routes.ts';
export { DUTY_ROSTER_CHANGED, DUTY_ROSTER_SOURCES } from './service.ts';
