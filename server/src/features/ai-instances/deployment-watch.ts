import { createHash } from 'node:crypto';
import { AI_INSTANCE_API, AI_INSTANCE_DEPLOYED_EVENT, type EngineDeployments } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { engineSnapshot } from './repo.ts';

/**
 * The engines' long-poll of what runs where (issue 13 §3: a publish or roll-back reaches the
 * engines in < 5 s). One watch per app instance: waiting engines park here; a publish or roll-back
 * on any instance wakes them through the bus (`algorithm.deployed`, Redis when configured), and
 * while anyone waits the snapshot is also re-read every `RECHECK_MS`, so a change that sends no
 * event (a scene camera edited, the bus down) still arrives within that bound. The revision is a
 * hash of the answer itself, the same on every instance reading the same database.
 */

export const RECHECK_MS = 1_000;
/** Bus events after which the snapshot is re-read at once. */
const WAKE_EVENTS = new Set([AI_INSTANCE_DEPLOYED_EVENT]);

interface Waiter {
  revision: number;
  done: (snapshot: EngineDeployments) => void;
}

export interface Watch {
  waiters: Set<Waiter>;
  timer: NodeJS.Timeout | null;
  checking: boolean;
}

/** The current answer for the engines, with its revision. */
export async function readDeployments(app: FastifyInstance): Promise<EngineDeployments> {
  const instances = (await engineSnapshot(app.db)).map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    liveVersion: row.version
      ? { ...row.version, downloadPath: AI_INSTANCE_API.engineArtefact(row.version.id) }
      : null,
    cameras: row.cameras,
  }));
  const digest = createHash('sha256').update(JSON.stringify(instances)).digest('hex');
  // 48 bits: a safe integer, and a collision of two consecutive states is not a concern.
  return { revision: Number.parseInt(digest.slice(0, 12), 16), instances };
}

/** The watch of an app instance: made once when the routes are registered (it adds a close hook). */
export function createDeploymentWatch(app: FastifyInstance): Watch {
  const created: Watch = { waiters: new Set(), timer: null, checking: false };
  const unsubscribe = app.bus.subscribe((event) => {
    if (WAKE_EVENTS.has(event.type)) void recheck(app, created, true);
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    if (created.timer) clearInterval(created.timer);
    created.timer = null;
    if (created.waiters.size > 0) await recheck(app, created, true, true);
  });
  return created;
}

/** Re-reads the snapshot and answers the waiters whose revision it no longer is (all of them with `all`). */
async function recheck(app: FastifyInstance, watch: Watch, force: boolean, all = false): Promise<void> {
  if (watch.waiters.size === 0 || (watch.checking && !force)) return;
  watch.checking = true;
  try {
    const snapshot = await readDeployments(app);
    for (const waiter of [...watch.waiters]) {
      if (all || waiter.revision !== snapshot.revision) waiter.done(snapshot);
    }
  } catch (error) {
    app.log.warn({ err: error }, 'deployments re-read failed; waiting engines are retried on the next tick');
  } finally {
    watch.checking = false;
  }
}

/**
 * The deployments for an engine that has `revision`: at once when it differs (or no wait is
 * asked), else as soon as they change, or unchanged after `waitSeconds`.
 */
export async function awaitDeployments(
  app: FastifyInstance,
  watch: Watch,
  revision: number | undefined,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<EngineDeployments> {
  const snapshot = await readDeployments(app);
  if (revision === undefined || revision !== snapshot.revision || waitSeconds <= 0) return snapshot;
  return new Promise<EngineDeployments>((resolve) => {
    const waiter: Waiter = {
      revision,
      done: (latest) => {
        clearTimeout(timeout);
        watch.waiters.delete(waiter);
        signal?.removeEventListener('abort', onAbort);
        if (watch.waiters.size === 0 && watch.timer) {
          clearInterval(watch.timer);
          watch.timer = null;
        }
        resolve(latest);
      },
    };
    const onAbort = () => waiter.done(snapshot);
    const timeout = setTimeout(() => {
      // Unchanged: answer what the engine has, re-read so a change in the last moment is not lost.
      readDeployments(app).then(waiter.done, () => waiter.done(snapshot));
    }, waitSeconds * 1000);
    watch.waiters.add(waiter);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (!watch.timer) watch.timer = setInterval(() => void recheck(app, watch, false), RECHECK_MS);
  });
}
