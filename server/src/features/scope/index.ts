/** The scope feature's public face (ARCHITECTURE.md, import rules). */
export {
  dataRetentionTask,
  previewRetention,
  RETENTION_DELETED,
  retentionDaysOf,
  retentionSourcesOf,
  runDataRetention,
} from './retention.ts';
export { scopeRoutes } from './routes.ts';
