/** The scenes feature's public face (ARCHITECTURE.md, import rules). */
export { scenesRoutes } from './routes.ts';
export { seedScenes } from './seed.ts';
