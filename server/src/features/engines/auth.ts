import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { engine } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/** Engines' alarm images (original and drawn) may be larger than UI uploads. */
export const INGEST_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const EVENT_ID_MAX = 100;

/** The authenticated engine of an ingest call. */
export interface EngineRef {
  id: number;
  name: string;
}

export const hashEngineKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** last_seen_at is written at most this often per engine (not on every alarm: one row, many writers). */
const LAST_SEEN_EVERY_MS = 10_000;

/** The engine-by-key lookup, prepared once per app (it runs on every ingest call). */
const engineByKeyStatements = new WeakMap<FastifyInstance, ReturnType<typeof prepareEngineByKey>>();
const prepareEngineByKey = (db: Db) =>
  db
    .select({ id: engine.id, name: engine.name, lastSeenAt: engine.lastSeenAt })
    .from(engine)
    .where(and(eq(engine.keyHash, sql.placeholder('hash')), eq(engine.enabled, true)))
    .prepare('ingest_engine_by_key');
function engineByKey(app: FastifyInstance) {
  let statement = engineByKeyStatements.get(app);
  if (!statement) {
    statement = prepareEngineByKey(app.db);
    engineByKeyStatements.set(app, statement);
  }
  return statement;
}

/**
 * The enabled engine holding this API key, or 401 'engine.invalidKey'. Not cached: disabling or
 * deleting a key takes effect on the next call, on every instance. Its last-seen time is updated
 * when older than 10 s.
 */
export async function authenticateEngine(app: FastifyInstance, key: string | undefined): Promise<EngineRef> {
  if (!key || key.length > 200) throw new AppError(401, 'engine.invalidKey');
  const [row] = await engineByKey(app).execute({ hash: hashEngineKey(key) });
  if (!row) throw new AppError(401, 'engine.invalidKey');
  const now = app.appConfig.now();
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await app.db.update(engine).set({ lastSeenAt: now }).where(eq(engine.id, row.id));
  }
  return { id: row.id, name: row.name };
}
