import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { engine } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

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
 * How long an instance trusts a resolved key without asking the database. Enabling, disabling
 * and deleting an engine drop the keys of this instance at once and of the others when
 * `engine.changed` reaches them through the bus (milliseconds); this bound only matters when the
 * bus is down. Looking the key up was one of the two statements of every ingest call.
 */
export const ENGINE_KEY_CACHE_MS = 5_000;
/** Bus event of an engine change (internal: never on the event stream). */
export const ENGINE_CHANGED = 'engine.changed';

interface CachedEngine {
  ref: EngineRef;
  lastSeenAt: Date | null;
  until: number;
}
interface KeyCache {
  entries: Map<string, CachedEngine>;
  /** Bumped by every clear: a lookup that ran across a clear is not kept. */
  generation: number;
  clear(): void;
}
const keyCaches = new WeakMap<FastifyInstance, KeyCache>();

function keyCacheOf(app: FastifyInstance): KeyCache {
  let cache = keyCaches.get(app);
  if (!cache) {
    const created: KeyCache = {
      entries: new Map(),
      generation: 0,
      clear() {
        this.entries.clear();
        this.generation += 1;
      },
    };
    keyCaches.set(app, created);
    app.bus.subscribe((event) => {
      if (event.type === ENGINE_CHANGED) created.clear();
    });
    cache = created;
  }
  return cache;
}

/** After an engine is enabled, disabled or deleted: every instance forgets the keys it knew. */
export async function engineChanged(app: FastifyInstance, id: number): Promise<void> {
  keyCacheOf(app).clear();
  try {
    await app.bus.publish({ type: ENGINE_CHANGED, data: { id }, internal: true });
  } catch (error) {
    app.log.error({ err: error, id }, `${ENGINE_CHANGED} publication failed`);
  }
}

/**
 * The enabled engine holding this API key, or 401 'engine.invalidKey' (reused for
 * ENGINE_KEY_CACHE_MS; an engine change clears that at once). Its last-seen time is updated when
 * older than 10 s.
 */
export async function authenticateEngine(app: FastifyInstance, key: string | undefined): Promise<EngineRef> {
  if (!key || key.length > 200) throw new AppError(401, 'engine.invalidKey');
  const hash = hashEngineKey(key);
  const cache = keyCacheOf(app);
  const now = app.appConfig.now();
  let entry = cache.entries.get(hash);
  if (!entry || now.getTime() >= entry.until) {
    const generation = cache.generation;
    const [row] = await engineByKey(app).execute({ hash });
    if (!row) {
      cache.entries.delete(hash);
      throw new AppError(401, 'engine.invalidKey');
    }
    entry = {
      ref: { id: row.id, name: row.name },
      lastSeenAt: row.lastSeenAt,
      until: now.getTime() + ENGINE_KEY_CACHE_MS,
    };
    if (generation === cache.generation) {
      if (cache.entries.size >= 1_000) cache.entries.clear();
      cache.entries.set(hash, entry);
    }
  }
  if (!entry.lastSeenAt || now.getTime() - entry.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    entry.lastSeenAt = now;
    await app.db.update(engine).set({ lastSeenAt: now }).where(eq(engine.id, entry.ref.id));
  }
  return entry.ref;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The engine a request's x-engine-key belongs to (set by engineKeyHook). */
    engine?: EngineRef;
  }
}

/**
 * An onRequest hook for engine routes: authenticates the `x-engine-key` header before the body is
 * read, so a call without a valid key answers 401 whatever it sends; sets `request.engine`.
 */
export function engineKeyHook(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const header = request.headers['x-engine-key'];
    request.engine = await authenticateEngine(app, Array.isArray(header) ? header[0] : header);
  };
}
