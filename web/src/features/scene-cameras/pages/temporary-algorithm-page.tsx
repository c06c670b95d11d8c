import { ControlAlgorithmView } from '../components/control-algorithm-view.tsx';

/** /sceneManagement/temporaryAlgorithm: the scene control page limited to temporary job scenes. */
export function TemporaryAlgorithmPage() {
  return <ControlAlgorithmView kinds={['temporary']} routeName="temporaryAlgorithm" />;
}

export default TemporaryAlgorithmPage;
