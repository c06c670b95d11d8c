import { SceneManagePage } from '../components/scene-manage-page.tsx';

/** /sceneManagement/sceneSupervisionSet: general scenes. */
export default function SceneSupervisionSetPage() {
  return <SceneManagePage kind="general" />;
}
