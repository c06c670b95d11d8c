import type { AuthorityScene, PlantTreeNode } from '@sentinel/contract';

/** A node of the scene authority tree: a plant node (`n-<id>`) or a scene leaf (`s-<id>`). */
export interface SceneTreeNode {
  key: string;
  kind: 'node' | 'scene';
  id: number;
  name: string;
  scene?: AuthorityScene;
  children?: SceneTreeNode[];
}

export const sceneKey = (id: number) => `s-${id}`;

/** Scene ids among tree keys (plant node keys are dropped). */
export function sceneIdsOf(keys: readonly (string | number | bigint)[]): number[] {
  return keys
    .map(String)
    .filter((k) => k.startsWith('s-'))
    .map((k) => Number(k.slice(2)))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * The plant tree with each node's scenes as leaves, keeping only branches that hold scenes.
 * Scenes whose area is not in the tree go under a last group (`n-0`) named `otherName`.
 */
export function buildSceneTree(
  plant: PlantTreeNode[],
  scenes: AuthorityScene[],
  otherName: string,
): SceneTreeNode[] {
  const byArea = new Map<number, AuthorityScene[]>();
  for (const s of scenes) {
    const list = byArea.get(s.areaId) ?? [];
    list.push(s);
    byArea.set(s.areaId, list);
  }
  const placed = new Set<number>();
  const leaf = (s: AuthorityScene): SceneTreeNode => ({
    key: sceneKey(s.id),
    kind: 'scene',
    id: s.id,
    name: s.name,
    scene: s,
  });
  const walk = (nodes: PlantTreeNode[]): SceneTreeNode[] =>
    nodes.flatMap((n) => {
      const own = byArea.get(n.id) ?? [];
      for (const s of own) placed.add(s.id);
      const children = [...walk(n.children ?? []), ...own.map(leaf)];
      return children.length
        ? [{ key: `n-${n.id}`, kind: 'node' as const, id: n.id, name: n.name, children }]
        : [];
    });
  const tree = walk(plant);
  const rest = scenes.filter((s) => !placed.has(s.id));
  if (rest.length) tree.push({ key: 'n-0', kind: 'node', id: 0, name: otherName, children: rest.map(leaf) });
  return tree;
}
