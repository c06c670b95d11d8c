/** The account-settings feature's public face (ARCHITECTURE.md, import rules). */
export { accountSettingsRoutes } from './routes.ts';
