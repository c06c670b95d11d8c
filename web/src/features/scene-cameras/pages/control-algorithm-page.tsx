import { ControlAlgorithmView } from '../components/control-algorithm-view.tsx';

/** /sceneManagement/controlAlgorithm: algorithms and zones of general and job scene cameras. */
export function ControlAlgorithmPage() {
  return <ControlAlgorithmView kinds={['general', 'job']} routeName="controlAlgorithm" />;
}

export default ControlAlgorithmPage;
