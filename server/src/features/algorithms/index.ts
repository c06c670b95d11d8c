/** The algorithms feature's public face (ARCHITECTURE.md, import rules). */
export { algorithmsRoutes } from './routes.ts';
export { seedAlgorithms } from './seed.ts';
export {
  type AlgorithmDeploymentRow,
  type AlgorithmVersionRow,
  createVersion,
  type LiveChange,
  type NewVersion,
  setLiveVersion,
} from './versions-repo.ts';
