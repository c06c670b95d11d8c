import type { Db } from '../../db/client.ts';
import { plantNode } from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';
import { DEMO_PLANT_TREE } from './demo-names.ts';

/** The demo plant tree: two factories, four plants, ten areas (see demo-names.ts). */
export async function seedPlant(db: Db, _context: DemoSeedContext): Promise<void> {
  for (const [fi, factory] of DEMO_PLANT_TREE.entries()) {
    const [f] = await db
      .insert(plantNode)
      .values({ kind: 'factory', name: factory.factory, code: factory.code, sort: fi })
      .returning({ id: plantNode.id });
    if (!f) continue;
    for (const [pi, plant] of factory.plants.entries()) {
      const [p] = await db
        .insert(plantNode)
        .values({ kind: 'plant', parentId: f.id, name: plant.name, code: plant.code, sort: pi })
        .returning({ id: plantNode.id });
      if (!p) continue;
      await db.insert(plantNode).values(
        plant.areas.map((name, ai) => ({
          kind: 'area',
          parentId: p.id,
          name,
          code: `${plant.code.replace(/^P-/, 'A-')}-${String(ai + 1).padStart(2, '0')}`,
          sort: ai,
        })),
      );
    }
  }
}
