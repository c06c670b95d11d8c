import type { PlantFlatNode, PlantKind, PlantNode, PlantTreeNode } from '@sentinel/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, plantNode, scene } from '../../db/schema/index.ts';

type Row = typeof plantNode.$inferSelect;

export function toNode(row: Row): PlantNode {
  return {
    id: row.id,
    parentId: row.parentId,
    kind: row.kind as PlantKind,
    name: row.name,
    code: row.code,
    description: row.description,
    sort: row.sort,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every node, siblings in a stable order (sort, name, id). */
export async function allNodes(db: Db): Promise<PlantNode[]> {
  const rows = await db
    .select()
    .from(plantNode)
    .orderBy(asc(plantNode.sort), asc(plantNode.name), asc(plantNode.id));
  return rows.map(toNode);
}

export async function findNode(db: Db, id: number): Promise<PlantNode | undefined> {
  const [row] = await db.select().from(plantNode).where(eq(plantNode.id, id));
  return row ? toNode(row) : undefined;
}

/** Nested tree (roots are factories; an orphan — impossible through the API — becomes a root). */
export function buildTree(nodes: PlantNode[]): PlantTreeNode[] {
  const byId = new Map<number, PlantTreeNode>();
  for (const node of nodes) byId.set(node.id, { ...node, children: [] });
  const roots: PlantTreeNode[] = [];
  for (const node of nodes) {
    const item = byId.get(node.id) as PlantTreeNode;
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/** Depth-first flat list with each node's path of names from its root. */
export function flatten(tree: PlantTreeNode[]): PlantFlatNode[] {
  const out: PlantFlatNode[] = [];
  const walk = (items: PlantTreeNode[], prefix: string, depth: number) => {
    for (const { children, ...node } of items) {
      const path = prefix ? `${prefix} / ${node.name}` : node.name;
      out.push({ ...node, path, depth });
      walk(children, path, depth + 1);
    }
  };
  walk(tree, '', 0);
  return out;
}

/** True when `candidate` is `id` itself or one of its descendants (walking up from candidate). */
export function isSelfOrDescendant(nodes: PlantNode[], id: number, candidate: number): boolean {
  const parents = new Map(nodes.map((n) => [n.id, n.parentId]));
  let current: number | null | undefined = candidate;
  for (let guard = 0; current != null && guard <= nodes.length; guard++) {
    if (current === id) return true;
    current = parents.get(current);
  }
  return false;
}

export async function dependentCounts(db: Db, id: number) {
  const [children] = await db.select({ n: count() }).from(plantNode).where(eq(plantNode.parentId, id));
  const [cameras] = await db.select({ n: count() }).from(camera).where(eq(camera.areaId, id));
  const [scenes] = await db.select({ n: count() }).from(scene).where(eq(scene.areaId, id));
  return {
    childCount: Number(children?.n ?? 0),
    cameraCount: Number(cameras?.n ?? 0),
    sceneCount: Number(scenes?.n ?? 0),
  };
}

export interface NodeValues {
  kind: PlantKind;
  parentId: number | null;
  name: string;
  code: string;
  description: string;
  sort: number;
}

export async function insertNode(db: Db, values: NodeValues): Promise<PlantNode> {
  const [row] = await db.insert(plantNode).values(values).returning();
  if (!row) throw new Error('plant node not inserted');
  return toNode(row);
}

export async function updateNode(
  db: Db,
  id: number,
  values: Partial<Omit<NodeValues, 'kind'>>,
  now: Date,
): Promise<PlantNode | undefined> {
  const [row] = await db
    .update(plantNode)
    .set({ ...values, updatedAt: now })
    .where(eq(plantNode.id, id))
    .returning();
  return row ? toNode(row) : undefined;
}

export async function deleteNode(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(plantNode).where(eq(plantNode.id, id)).returning({ id: plantNode.id });
  return rows.length > 0;
}
