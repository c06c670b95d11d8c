/** The engines feature's public face (ARCHITECTURE.md, import rules): its routes, and the demo engine the simulators and seeds report as. */
export { DEMO_ENGINE_NAME, demoEngine } from './demo-engine.ts';
export { createEngine, engineRoutes } from './routes.ts';
