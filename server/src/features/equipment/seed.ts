import type { Db } from '../../db/client.ts';
import type { DemoSeedContext } from '../../db/seed-demo.ts';

/** Demo data of this domain (see db/seed-demo.ts for the order). */
export async function seedEquipment(_db: Db, _context: DemoSeedContext): Promise<void> {}
