import { CameraManagementView } from '../components/camera-management-view.tsx';

/** /sceneManagement/cameraManagement: the cameras bound to a scene (SPEC §7 Cameras in scenes). */
export function CameraManagementPage() {
  return <CameraManagementView kinds={['general', 'job', 'temporary']} routeName="cameraManagement" />;
}

export default CameraManagementPage;
