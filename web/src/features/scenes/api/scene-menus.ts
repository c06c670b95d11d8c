import { SCENE_PAGE, type SceneKind } from '@sentinel/contract';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAllScenes } from './scene-list-all.ts';

export interface SceneMenuGroup {
  /** Label of the group page itself (the cards of every enabled scene). */
  overviewLabel: string;
  items: Array<{ key: string; label: string; path: string }>;
}

/** Menu code of a scene menu group → the kind of scenes it lists. */
const GROUPS: Record<string, SceneKind> = { generalSceneManage: 'general', jobSceneManage: 'job' };

/** Menu key of one scene's sidebar item. */
export const sceneMenuKey = (id: number | string) => `scene:${id}`;

/**
 * The enabled scenes under the scene menu groups of the sidebar (`scene/list/all`), refreshed
 * whenever a scene changes (the scene mutations invalidate the `scenes` queries).
 */
export function useSceneMenus(permitted: ReadonlySet<string>): Record<string, SceneMenuGroup> {
  const { t } = useTranslation('scenes');
  const general = useAllScenes('general', true, permitted.has('generalSceneManage'));
  const job = useAllScenes('job', true, permitted.has('jobSceneManage'));
  return useMemo(() => {
    const result: Record<string, SceneMenuGroup> = {};
    for (const [code, kind] of Object.entries(GROUPS)) {
      const scenes = (kind === 'general' ? general.data : job.data) ?? [];
      if (!permitted.has(code) || scenes.length === 0) continue;
      result[code] = {
        overviewLabel: t('allScenes'),
        items: scenes.map((s) => ({
          key: sceneMenuKey(s.id),
          label: s.name,
          path: SCENE_PAGE[kind].path(s.id),
        })),
      };
    }
    return result;
  }, [general.data, job.data, permitted, t]);
}
