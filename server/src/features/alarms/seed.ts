import type { Db } from '../../db/client.ts';
import type { DemoSeedContext } from '../../db/seed-demo.ts';

/** Demo alarm history (see db/seed-demo.ts for the order). */
export async function seedAlarms(_db: Db, _context: DemoSeedContext): Promise<void> {}
