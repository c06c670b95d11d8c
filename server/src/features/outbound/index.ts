/** The outbound (data upload) feature's public face (ARCHITECTURE.md, import rules). */
export { outboxInsertFrom } from './outbox-repo.ts';
export { outboundRoutes } from './routes.ts';
