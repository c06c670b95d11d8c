import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { algorithm, camera, plantNode, scene } from '../../db/schema/index.ts';

export async function sceneExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: scene.id }).from(scene).where(eq(scene.id, id));
  return row !== undefined;
}

/** Ids to name, by table: algorithms, scenes, cameras, plant nodes (areas and factories). */
export interface NameRequest {
  algorithm?: number[];
  scene?: number[];
  camera?: number[];
  node?: number[];
}

export type Names = Record<keyof NameRequest, Map<number, string>>;

/** The current names of these ids in ONE query; ids that no longer exist are absent. */
export async function namesOf(db: Db, want: NameRequest): Promise<Names> {
  const names: Names = { algorithm: new Map(), scene: new Map(), camera: new Map(), node: new Map() };
  const branch = (kind: keyof NameRequest, ids: number[] | undefined, table: SQL, id: SQL, name: SQL) => {
    const wanted = [...new Set(ids ?? [])].filter((n) => n > 0);
    return wanted.length
      ? sql`select ${kind}::text as kind, ${id} as id, ${name} as name from ${table} where ${inArray(sql`${id}`, wanted)}`
      : undefined;
  };
  const parts = [
    branch('algorithm', want.algorithm, sql`${algorithm}`, sql`${algorithm.id}`, sql`${algorithm.name}`),
    branch('scene', want.scene, sql`${scene}`, sql`${scene.id}`, sql`${scene.name}`),
    branch('camera', want.camera, sql`${camera}`, sql`${camera.id}`, sql`${camera.name}`),
    branch('node', want.node, sql`${plantNode}`, sql`${plantNode.id}`, sql`${plantNode.name}`),
  ].filter((p): p is SQL => p !== undefined);
  if (parts.length === 0) return names;
  const result = await db.execute(sql.join(parts, sql` union all `));
  // Both drivers (pg and PGlite) answer `{ rows }`.
  for (const row of (result as unknown as { rows: { kind: keyof NameRequest; id: unknown; name: string }[] })
    .rows) {
    names[row.kind]?.set(Number(row.id), row.name);
  }
  return names;
}
