/** The job-runs feature's public face (ARCHITECTURE.md, import rules). */
export { jobRunsRoutes } from './routes.ts';
export { linkDemoRuns, seedJobRuns } from './seed.ts';
