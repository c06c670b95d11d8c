import { resolve } from 'node:path';
import { count } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { plantNode } from './db/schema/index.ts';
import type { DemoSeedContext } from './db/seed.ts';
import { seedAiModels } from './features/ai-models/index.ts';
import { seedAlarms } from './features/alarms/index.ts';
import { seedAlgorithms } from './features/algorithms/index.ts';
import { seedDevices } from './features/devices/index.ts';
import { seedEquipment } from './features/equipment/index.ts';
import { seedFalseAlarmRecords } from './features/false-alarm-review/index.ts';
import { seedHistoryEvents } from './features/history-events/index.ts';
import { linkDemoRuns, seedJobRuns } from './features/job-runs/index.ts';
import { seedPlant } from './features/plant/index.ts';
import { seedSceneCameras } from './features/scene-cameras/index.ts';
import { seedScenes } from './features/scenes/index.ts';
import { seedWorkflows } from './features/workflows/index.ts';

/**
 * The demo plant, created once into a database that has no plant yet (DEMO_DATA; app.ts runs it
 * right after the base seed, in the same setup). Assembled here at the app level because db/
 * knows no feature: each domain seeds its own part, in dependency order; later parts look
 * earlier rows up by name or code.
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
  // After the alarms: links the algorithms to their models, version 1 live, stamps the alarms.
  await seedAiModels(db, context);
  // After the versions: each demo false positive's record carries the version that raised it.
  await seedFalseAlarmRecords(db, resolve(context.mediaDir));
  await seedHistoryEvents(db, context);
  await linkDemoRuns(db);
}
