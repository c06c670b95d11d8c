import { SceneView } from '../components/scene-view.tsx';

/** The page of one enabled job scene (hidden route of its scene menu group). */
export default function ScenePage() {
  return <SceneView kind="job" />;
}
