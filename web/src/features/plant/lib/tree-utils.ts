import { PLANT_PARENT_KINDS, type PlantKind, type PlantTreeNode } from '@sentinel/contract';

/** The kind a new child of a node gets: factory → plant, plant or area → area. */
export const childKindOf = (kind: PlantKind): PlantKind => (kind === 'factory' ? 'plant' : 'area');

/** Every id in the tree (expand all). */
export function allIds(tree: PlantTreeNode[]): number[] {
  const ids: number[] = [];
  const walk = (nodes: PlantTreeNode[]) => {
    for (const n of nodes) {
      ids.push(n.id);
      walk(n.children);
    }
  };
  walk(tree);
  return ids;
}

export function findInTree(tree: PlantTreeNode[], id: number): PlantTreeNode | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const found = findInTree(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The tree cut down to nodes whose name or code contains `keyword` (case-insensitive) and their
 * ancestors; `expand` lists the ancestors to open so every match shows.
 */
export function filterTree(
  tree: PlantTreeNode[],
  keyword: string,
): { tree: PlantTreeNode[]; expand: number[] } {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return { tree, expand: [] };
  const expand: number[] = [];
  const walk = (nodes: PlantTreeNode[]): PlantTreeNode[] => {
    const out: PlantTreeNode[] = [];
    for (const n of nodes) {
      const children = walk(n.children);
      const hit = n.name.toLowerCase().includes(needle) || n.code.toLowerCase().includes(needle);
      if (hit || children.length > 0) {
        if (children.length > 0) expand.push(n.id);
        out.push({ ...n, children });
      }
    }
    return out;
  };
  return { tree: walk(tree), expand };
}

export interface TreeSelectItem {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeSelectItem[];
}

/**
 * TreeSelect data for choosing the parent of a node of `kind`: only allowed parent kinds are
 * selectable, and never `movingId` itself or its descendants (no cycles).
 */
export function parentOptions(tree: PlantTreeNode[], kind: PlantKind, movingId?: number): TreeSelectItem[] {
  const allowed = PLANT_PARENT_KINDS[kind];
  const walk = (nodes: PlantTreeNode[], insideMoving: boolean): TreeSelectItem[] =>
    nodes.map((n) => {
      const inside = insideMoving || n.id === movingId;
      return {
        value: n.id,
        title: n.name,
        disabled: inside || !allowed.includes(n.kind),
        children: kind === 'plant' ? [] : walk(n.children, inside),
      };
    });
  return walk(tree, false);
}
