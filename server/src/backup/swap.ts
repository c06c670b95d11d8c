// Replacing a folder's contents by a restored copy *inside* that folder (its real path): a media
// folder that is a mount point or a symbolic link to another disk stays where it is, and every
// move is a rename on one file system. The previous contents are kept in `.before-restore-<time>`.
import { existsSync } from 'node:fs';
import { mkdir, readdir, realpath, rename, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Top-level names a swap leaves alone and a backup skips (staging, kept copies, fsck's folder). */
export const RESERVED_TOP_LEVEL = /^(\.restore-|\.before-restore-|lost\+found$)/;

export interface SwapTarget {
  /** Where the restored contents are extracted to before the swap. */
  staging: string;
  /** Moves the current contents aside and the staged ones in; returns where the previous ones are (none: it was empty). */
  commit(): Promise<string | undefined>;
  /** After commit: puts the previous contents back. */
  undo(): Promise<void>;
  /** Removes the staging folder (if still there). */
  cleanup(): Promise<void>;
}

async function movable(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => !RESERVED_TOP_LEVEL.test(name));
}

export async function prepareSwap(live: string, suffix: string): Promise<SwapTarget> {
  if (!existsSync(live)) await mkdir(live, { recursive: true, mode: 0o700 });
  const real = await realpath(live);
  const staging = join(real, `.restore-${suffix}`);
  const kept = join(real, `.before-restore-${suffix}`);
  await mkdir(staging, { mode: 0o700 });
  let keptSomething = false;
  return {
    staging,
    async commit() {
      await mkdir(kept, { mode: 0o700 });
      for (const name of await movable(real)) {
        await rename(join(real, name), join(kept, name));
        keptSomething = true;
      }
      for (const name of await readdir(staging)) await rename(join(staging, name), join(real, name));
      await rmdir(staging);
      if (!keptSomething) await rmdir(kept);
      return keptSomething ? kept : undefined;
    },
    async undo() {
      for (const name of await movable(real)) await rm(join(real, name), { recursive: true, force: true });
      if (!existsSync(kept)) return;
      for (const name of await readdir(kept)) await rename(join(kept, name), join(real, name));
      await rmdir(kept);
    },
    async cleanup() {
      await rm(staging, { recursive: true, force: true });
    },
  };
}
