/** The training feature's public face (ARCHITECTURE.md, import rules). */
export { trainingRoutes } from './routes.ts';
