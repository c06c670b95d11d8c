/** The algorithms feature's public face (ARCHITECTURE.md, import rules). */
export { algorithmsRoutes } from './routes.ts';
export { seedAlgorithms } from './seed.ts';
