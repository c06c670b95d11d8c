import type { Db } from '../../db/client.ts';
import type { DemoSeedContext } from '../../db/seed-demo.ts';

/** Demo job runs. */
export async function seedJobRuns(_db: Db, _context: DemoSeedContext): Promise<void> {}
