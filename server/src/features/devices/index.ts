/** The devices feature's public face (ARCHITECTURE.md, import rules). */
export { devicesRoutes } from './routes.ts';
export { seedDevices } from './seed.ts';
