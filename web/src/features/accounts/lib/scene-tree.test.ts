import type { AuthorityScene, PlantTreeNode } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { buildSceneTree, sceneIdsOf } from './scene-tree.ts';

const node = (id: number, name: string, children: PlantTreeNode[] = []): PlantTreeNode => ({
  id,
  parentId: null,
  kind: 'area',
  name,
  code: '',
  description: '',
  sort: 0,
  createdAt: '',
  updatedAt: '',
  children,
});
const scene = (id: number, areaId: number): AuthorityScene => ({
  id,
  name: `Scene ${id}`,
  kind: 'general',
  areaId,
  areaName: '',
  enabled: true,
  granted: false,
  viaRegion: false,
});

describe('scene authority tree', () => {
  it('hangs scenes under their area, drops empty branches, gathers the rest', () => {
    const plant = [node(1, 'Plant', [node(2, 'Area A'), node(3, 'Empty area')])];
    const tree = buildSceneTree(plant, [scene(10, 2), scene(11, 1), scene(12, 99)], 'Other');
    expect(tree.map((n) => n.key)).toEqual(['n-1', 'n-0']);
    expect(tree[0]?.children?.map((n) => n.key)).toEqual(['n-2', 's-11']);
    expect(tree[0]?.children?.[0]?.children?.map((n) => n.key)).toEqual(['s-10']);
    expect(tree[1]?.children?.map((n) => n.key)).toEqual(['s-12']);
  });

  it('reads scene ids from checked keys', () => {
    expect(sceneIdsOf(['n-1', 's-10', 's-11', 'n-0'])).toEqual([10, 11]);
  });
});
