import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoClip } from './clips.ts';
import { type FlvClip, parseFlvClip } from './flv.ts';

/** server/assets/demo-clips, resolved from this file (server/src/features/video/demo-stream/). */
export const DEMO_CLIPS_DIR = fileURLToPath(new URL('../../../../assets/demo-clips/', import.meta.url));

export const demoClipPath = (clip: DemoClip) => join(DEMO_CLIPS_DIR, `${clip}.flv`);

const cache = new Map<DemoClip, Promise<FlvClip>>();

/** A bundled clip, read and parsed once per process (a failed read is retried next time). */
export function loadDemoClip(clip: DemoClip): Promise<FlvClip> {
  let loading = cache.get(clip);
  if (!loading) {
    loading = readFile(demoClipPath(clip)).then(parseFlvClip);
    loading.catch(() => cache.delete(clip));
    cache.set(clip, loading);
  }
  return loading;
}
