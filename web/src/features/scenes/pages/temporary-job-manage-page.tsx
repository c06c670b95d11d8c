import { SceneCards } from '../components/scene-cards.tsx';

/** Scene menu group: the enabled temporary scenes as cards. */
export default function SceneGroupPage() {
  return <SceneCards kind="temporary" />;
}
