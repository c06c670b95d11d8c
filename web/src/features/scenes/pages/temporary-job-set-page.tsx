import { SceneManagePage } from '../components/scene-manage-page.tsx';

/** /sceneManagement/temporaryJobSet: temporary jobs (number, people, address, time range). */
export default function TemporaryJobSetPage() {
  return <SceneManagePage kind="temporary" />;
}
