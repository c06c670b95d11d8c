import { SceneCards } from '../components/scene-cards.tsx';

/** Scene menu group: the enabled job scenes as cards. */
export default function SceneGroupPage() {
  return <SceneCards kind="job" />;
}
