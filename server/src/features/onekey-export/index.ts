/** The onekey-export feature's public face (ARCHITECTURE.md, import rules). */
export { onekeyExportRoutes } from './routes.ts';
