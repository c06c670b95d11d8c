/** The scene-cameras feature's public face (ARCHITECTURE.md, import rules). */
export { sceneCamerasRoutes } from './routes.ts';
export { seedSceneCameras } from './seed.ts';
