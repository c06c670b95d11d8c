/** The history-events feature's public face (ARCHITECTURE.md, import rules). */
export { historyEventsRoutes } from './routes.ts';
export { seedHistoryEvents } from './seed.ts';
