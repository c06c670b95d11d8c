/** The camera-health feature's public face (ARCHITECTURE.md, import rules). */

// For System settings › Running effect (issue 15 §3): the camera error log's own query and count.
export { listOutages } from './list-repo.ts';
export { cameraHealthRoutes } from './routes.ts';
