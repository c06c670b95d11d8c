/** The camera-health feature's public face (ARCHITECTURE.md, import rules). */
export { cameraHealthRoutes } from './routes.ts';
