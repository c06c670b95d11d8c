/** The plant feature's public face (ARCHITECTURE.md, import rules). */
export { plantRoutes } from './routes.ts';
export { seedPlant } from './seed.ts';
