/** The datasets feature's public face (ARCHITECTURE.md, import rules): routes and what training needs. */
export { datasetRoutes } from './routes.ts';
export { freezeVersion, versionImageStream, versionSummary } from './service.ts';
export { findVersion } from './versions-repo.ts';
export { exportZip } from './zip-export.ts';
