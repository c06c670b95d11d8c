/** The algorithms feature's public face (ARCHITECTURE.md, import rules). */
export { algorithmsRoutes } from './routes.ts';
export { seedAlgorithms } from './seed.ts';
export {
  type AlgorithmDeploymentRow,
  type AlgorithmVersionRow,
  changeLiveVersion,
  createVersion,
  type LiveChange,
  type LiveOutcome,
  type NewVersion,
  type PublishRequest,
  rollbackTarget,
  setLiveVersion,
} from './versions-repo.ts';
