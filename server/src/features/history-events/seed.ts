import type { Db } from '../../db/client.ts';
import type { DemoSeedContext } from '../../db/seed-demo.ts';

/** Demo events and DCS alarms. */
export async function seedHistoryEvents(_db: Db, _context: DemoSeedContext): Promise<void> {}
