import { SceneManagePage } from '../components/scene-manage-page.tsx';

/** /sceneManagement/fixedOperationSet: job scenes with their fixed operation (job type, flowchart). */
export default function FixedOperationSetPage() {
  return <SceneManagePage kind="job" />;
}
