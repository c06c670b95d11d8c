import { SceneCards } from '../components/scene-cards.tsx';

/** Scene menu group: the enabled general scenes as cards. */
export default function SceneGroupPage() {
  return <SceneCards kind="general" />;
}
