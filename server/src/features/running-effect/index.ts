/** The running-effect feature's public face (ARCHITECTURE.md, import rules). */
export { runningEffectRoutes } from './routes.ts';
