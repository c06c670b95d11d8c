/** The protocol-log feature's public face (ARCHITECTURE.md, import rules). */
export { protocolLogRoutes } from './routes.ts';
