import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { engine } from '../../db/schema/index.ts';
import type { EngineRef } from '../../platform/engine-auth.ts';
import { createEngine } from './routes.ts';

/** The internal engine of the demo's simulators (created by the demo seed, or at the first tick). */
export const DEMO_ENGINE_NAME = 'demo-simulator';

/**
 * The demo engine, created when missing. The demo's simulators (alarms, events, offline analysis)
 * report as this engine through the same services as the engines' HTTP API; its last-seen time
 * shows it alive on the engines page.
 */
export async function demoEngine(app: FastifyInstance): Promise<EngineRef> {
  const [row] = await app.db
    .update(engine)
    .set({ lastSeenAt: app.appConfig.now() })
    .where(eq(engine.name, DEMO_ENGINE_NAME))
    .returning({ id: engine.id, name: engine.name });
  if (row) return row;
  try {
    const created = await createEngine(app.db, DEMO_ENGINE_NAME);
    return { id: created.row.id, name: created.row.name };
  } catch {
    // another simulator created it at the same moment
    const [again] = await app.db
      .select({ id: engine.id, name: engine.name })
      .from(engine)
      .where(eq(engine.name, DEMO_ENGINE_NAME));
    if (!again) throw new Error('demo engine missing');
    return again;
  }
}
