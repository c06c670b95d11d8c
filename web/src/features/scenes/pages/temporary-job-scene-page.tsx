import { SceneView } from '../components/scene-view.tsx';

/** The page of one enabled temporary scene (hidden route of its scene menu group). */
export default function ScenePage() {
  return <SceneView kind="temporary" />;
}
