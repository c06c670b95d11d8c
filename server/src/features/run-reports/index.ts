/** The run-reports feature's public face (ARCHITECTURE.md, import rules). */

// For System settings › Running effect (issue 15 §3): availability per camera and day.
export { cameraReport } from './report.ts';
export { runReportsRoutes } from './routes.ts';
