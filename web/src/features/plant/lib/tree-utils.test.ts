import type { PlantKind, PlantTreeNode } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { allIds, childKindOf, filterTree, parentOptions } from './tree-utils.ts';

const node = (id: number, kind: PlantKind, name: string, children: PlantTreeNode[] = []): PlantTreeNode => ({
  id,
  parentId: null,
  kind,
  name,
  code: '',
  description: '',
  sort: 0,
  createdAt: '',
  updatedAt: '',
  children,
});

const tree = [
  node(1, 'factory', '东区煤化工厂', [
    node(2, 'plant', '焦化车间', [
      node(3, 'area', '1号炉区', [node(4, 'area', '炉顶平台')]),
      node(5, 'area', '装车站'),
    ]),
  ]),
  node(6, 'factory', '西区焦化厂', [node(7, 'plant', '备煤车间')]),
];

describe('plant tree helpers', () => {
  it('lists every id and the kind of a new child', () => {
    expect(allIds(tree)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(childKindOf('factory')).toBe('plant');
    expect(childKindOf('plant')).toBe('area');
    expect(childKindOf('area')).toBe('area');
  });

  it('filters to matches and their ancestors, expanding the ancestors', () => {
    const { tree: cut, expand } = filterTree(tree, '炉顶');
    expect(cut.map((n) => n.name)).toEqual(['东区煤化工厂']);
    expect(cut[0]?.children[0]?.children.map((n) => n.name)).toEqual(['1号炉区']);
    expect(expand.sort()).toEqual([1, 2, 3]);
    expect(filterTree(tree, '  ').tree).toBe(tree);
    expect(filterTree(tree, 'nothing').tree).toEqual([]);
  });

  it('offers only allowed parents and never the moving node or its descendants', () => {
    const forArea = parentOptions(tree, 'area', 3);
    const plant = forArea[0]?.children[0];
    expect(forArea[0]?.disabled).toBe(true);
    expect(plant?.disabled).toBe(false);
    expect(plant?.children.map((c) => [c.value, c.disabled])).toEqual([
      [3, true],
      [5, false],
    ]);
    expect(plant?.children[0]?.children[0]?.disabled).toBe(true);
    const forPlant = parentOptions(tree, 'plant');
    expect(forPlant.map((f) => f.disabled)).toEqual([false, false]);
    expect(forPlant[0]?.children).toEqual([]);
  });
});
