/** The knowledge-base feature's public face (ARCHITECTURE.md, import rules). */
export { knowledgeBaseRoutes } from './routes.ts';
