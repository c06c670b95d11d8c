/** The job-runs feature's public face (ARCHITECTURE.md, import rules). */
export { jobRunsRoutes } from './routes.ts';
export { linkDemoRuns, seedJobRuns } from './seed.ts';
export { JOB_RUN_SOURCES } from './service.ts';
