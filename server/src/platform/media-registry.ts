import type { Dirent } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mediaRoot } from './media.ts';
import { canSeeScene, visibleScenes } from './scene-authority.ts';
import type { SessionUser } from './types.ts';

/**
 * Who owns the files under DATA_DIR/media. Each feature that stores media registers its
 * subdirectories (platform knows no feature): who may fetch a file — the same visibility as the
 * record that holds it, so an account limited to some scenes gets 404 for another scene's alarm
 * picture, exactly as for an unknown path — and which files rows still hold, so a periodic sweep
 * can remove the files a crashed request wrote but never committed. A subdirectory nobody
 * registered is served to nobody (fail closed) and never swept.
 */
export interface MediaOwner {
  /** The first path segment under DATA_DIR/media, e.g. 'alarm'. */
  subdir: string;
  /** Whether this caller may fetch the file at `path` (relative to DATA_DIR/media). */
  canRead(user: SessionUser, path: string): Promise<boolean>;
  /** Of these paths, those a row still holds. Absent: the sweep leaves the subdirectory alone. */
  referenced?(paths: string[]): Promise<Set<string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mediaOwners: Map<string, MediaOwner>;
  }
}

/** Shared by every feature plugin (registered before them in app.ts). */
export const mediaRegistryPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('mediaOwners', new Map<string, MediaOwner>());
  },
  { name: 'media-registry' },
);

export function registerMediaOwner(app: FastifyInstance, owner: MediaOwner): void {
  if (app.mediaOwners.has(owner.subdir)) throw new Error(`media subdir ${owner.subdir} registered twice`);
  app.mediaOwners.set(owner.subdir, owner);
}

/** For files any logged-in user may see (logos, camera snapshots, zone pictures). */
export const readableByEveryUser = async () => true;

/**
 * An owner whose files belong to records of a scene (alarms, events): an account sees them when it
 * sees the scene (platform/scene-authority.ts); a file no record holds only accounts that see
 * every scene.
 */
export function sceneBoundMedia(
  app: FastifyInstance,
  subdir: string,
  sceneOf: (path: string) => Promise<{ sceneId: number | null }[]>,
  referenced: (paths: string[]) => Promise<Set<string>>,
): MediaOwner {
  return {
    subdir,
    async canRead(user, path) {
      const scenes = await visibleScenes(app.db, user);
      if (scenes === 'all') return true;
      const [record] = await sceneOf(path);
      return record !== undefined && canSeeScene(scenes, record.sceneId);
    },
    referenced,
  };
}

/** Whether `user` may fetch the stored file at `path`; false for unregistered subdirectories. */
export async function canReadMedia(app: FastifyInstance, user: SessionUser, path: string): Promise<boolean> {
  const owner = app.mediaOwners.get(path.split('/')[0] ?? '');
  return owner ? owner.canRead(user, path) : false;
}

export interface OrphanSweep {
  /** Files younger than this are kept (their row may not be committed yet). */
  graceMs: number;
  /** At most this many files are looked at in one run (the rest wait for the next). */
  maxFiles: number;
}

export const ORPHAN_SWEEP: OrphanSweep = {
  graceMs: 60 * 60_000,
  maxFiles: 2_000,
};

/** Files (relative to the media root) under `dir`, depth-first, at most `limit`. */
async function listFiles(root: string, dir: string, limit: number, depth = 0): Promise<string[]> {
  const out: string[] = [];
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (out.length >= limit) break;
    const full = join(dir, entry.name);
    if (entry.isDirectory() && depth < 4)
      out.push(...(await listFiles(root, full, limit - out.length, depth + 1)));
    else if (entry.isFile()) out.push(relative(root, full).split(sep).join('/'));
  }
  return out;
}

/**
 * One bounded pass: in every subdirectory whose owner says which files rows hold, removes the
 * files older than the grace period that no row holds. Never a referenced file, never a young
 * one. Answers the removed paths.
 */
export async function sweepOrphanMedia(
  app: FastifyInstance,
  options: OrphanSweep = ORPHAN_SWEEP,
): Promise<string[]> {
  const root = mediaRoot(app);
  const removed: string[] = [];
  let budget = options.maxFiles;
  const before = app.appConfig.now().getTime() - options.graceMs;
  for (const owner of app.mediaOwners.values()) {
    if (!owner.referenced || budget <= 0) continue;
    const files = await listFiles(root, join(root, owner.subdir), budget);
    budget -= files.length;
    const old: string[] = [];
    for (const path of files) {
      const info = await stat(join(root, path)).catch(() => undefined);
      if (info && info.mtimeMs < before) old.push(path);
    }
    for (let i = 0; i < old.length; i += 500) {
      const batch = old.slice(i, i + 500);
      const held = await owner.referenced(batch);
      for (const path of batch) {
        if (held.has(path)) continue;
        await unlink(join(root, path)).catch(() => undefined);
        removed.push(path);
      }
    }
  }
  if (removed.length > 0) app.log.info({ count: removed.length }, 'removed media files no record holds');
  return removed;
}

/** The sweep as the plan task `mediaOrphanSweep`, every 15 minutes by default. */
export function scheduleOrphanSweep(app: FastifyInstance): void {
  app.planTasks.register({
    code: 'mediaOrphanSweep',
    defaultCron: '*/15 * * * *',
    timeLimitMs: 10 * 60_000,
    run: async () => ({ removed: (await sweepOrphanMedia(app)).length }),
  });
}
