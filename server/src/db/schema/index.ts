// The whole database schema, one file per domain. drizzle-kit reads this folder
// (server/drizzle.config.ts) to generate the SQL migrations in ../migrations.
export * from './ai-platform.ts';
export * from './ai-training.ts';
export * from './alarm-rules.ts';
export * from './alarm-settings.ts';
export * from './alarms.ts';
export * from './algorithms.ts';
export * from './core.ts';
export * from './devices.ts';
export * from './dictionary.ts';
export * from './equipment.ts';
export * from './history.ts';
export * from './job-queue.ts';
export * from './knowledge-base.ts';
export * from './offline-video.ts';
export * from './operations.ts';
export * from './outbound.ts';
export * from './plan-tasks.ts';
export * from './plant.ts';
export * from './report-sending.ts';
export * from './scene-cameras.ts';
export * from './scenes.ts';
export * from './self-check.ts';
export * from './workflows.ts';
