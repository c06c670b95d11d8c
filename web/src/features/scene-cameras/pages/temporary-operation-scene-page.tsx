import { CameraManagementView } from '../components/camera-management-view.tsx';

/** /sceneManagement/temporaryOperationScene: the scene cameras page limited to temporary job scenes. */
export function TemporaryOperationScenePage() {
  return <CameraManagementView kinds={['temporary']} routeName="temporaryOperationScene" />;
}

export default TemporaryOperationScenePage;
