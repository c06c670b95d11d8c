import { count } from 'drizzle-orm';
import { seedAlarms } from '../features/alarms/seed.ts';
import { seedAlgorithms } from '../features/algorithms/seed.ts';
import { seedDevices } from '../features/devices/seed.ts';
import { seedEquipment } from '../features/equipment/seed.ts';
import { seedHistoryEvents } from '../features/history-events/seed.ts';
import { linkDemoRuns, seedJobRuns } from '../features/job-runs/seed.ts';
import { seedPlant } from '../features/plant/seed.ts';
import { seedSceneCameras } from '../features/scene-cameras/seed.ts';
import { seedScenes } from '../features/scenes/seed.ts';
import { seedWorkflows } from '../features/workflows/seed.ts';
import type { Db } from './client.ts';
import { plantNode } from './schema/index.ts';

export interface DemoSeedContext {
  /** Absolute media directory (DATA_DIR/media). */
  mediaDir: string;
}

/**
 * The demo plant, created once into a database that has no plant yet. Each domain seeds its
 * own part, in dependency order; later parts look earlier rows up by name or code.
 */
export async function seedDemoPlant(db: Db, context: DemoSeedContext): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(plantNode);
  if (Number(existing?.n ?? 0) > 0) return;
  await seedPlant(db, context);
  await seedDevices(db, context);
  await seedEquipment(db, context);
  await seedAlgorithms(db, context);
  await seedWorkflows(db, context);
  await seedScenes(db, context);
  await seedSceneCameras(db, context);
  await seedJobRuns(db, context);
  await seedAlarms(db, context);
  await seedHistoryEvents(db, context);
  await linkDemoRuns(db);
}
