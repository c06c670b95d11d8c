import { DEFAULT_GRID_SIZE, type GridSize, isGridSize, SLOT_COUNT } from './grid.ts';
import type { WallCamera, WallSlot } from './wall-slots.ts';

/** Browser storage key of the video wall cache (SPEC §3). */
export const WALL_CACHE_KEY = 'userCache';

/** Scene id of the "all cameras" wall, for accounts without a scene. */
export const ALL_CAMERAS_SCENE = 0;

/** One wall, per user and scene, in the SPEC §3 shape. */
export interface WallCacheEntry {
  userId: number;
  sceneId: number;
  /** Grid size (4, 6, 9, 12, 16 or 25). */
  equipmentType: GridSize;
  cameraList: WallCamera[];
  /** Always 25 slots. */
  VideoPlayer: WallSlot[];
  isCache: boolean;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function slotOf(value: unknown): WallSlot {
  const src = (value as { src?: unknown } | null)?.src;
  return { src: typeof src === 'number' && Number.isInteger(src) && src > 0 ? src : '' };
}

function cameraOf(value: unknown): WallCamera | null {
  const item = value as { id?: unknown; cameraName?: unknown } | null;
  if (typeof item?.id !== 'number') return null;
  return { id: item.id, cameraName: typeof item.cameraName === 'string' ? item.cameraName : '' };
}

/** A stored entry checked field by field; null for anything that is not one. */
function entryOf(value: unknown): WallCacheEntry | null {
  const item = value as Partial<Record<keyof WallCacheEntry, unknown>> | null;
  if (typeof item?.userId !== 'number' || typeof item.sceneId !== 'number') return null;
  const stored = Array.isArray(item.VideoPlayer) ? item.VideoPlayer : [];
  return {
    userId: item.userId,
    sceneId: item.sceneId,
    equipmentType: isGridSize(item.equipmentType) ? item.equipmentType : DEFAULT_GRID_SIZE,
    cameraList: (Array.isArray(item.cameraList) ? item.cameraList : [])
      .map(cameraOf)
      .filter((c): c is WallCamera => c !== null),
    VideoPlayer: Array.from({ length: SLOT_COUNT }, (_, i) => slotOf(stored[i])),
    isCache: item.isCache === true,
  };
}

/** Every stored wall; a missing or damaged cache reads as none. */
export function readAllWalls(storage: KeyValueStore): WallCacheEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(WALL_CACHE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.map(entryOf).filter((e): e is WallCacheEntry => e !== null);
  } catch {
    return [];
  }
}

/** The wall of this user and scene, or undefined when there is none yet. */
export function readWall(
  storage: KeyValueStore,
  userId: number,
  sceneId: number,
): WallCacheEntry | undefined {
  return readAllWalls(storage).find((e) => e.userId === userId && e.sceneId === sceneId && e.isCache);
}

/** Stores (or replaces) the wall of the entry's user and scene, leaving the others alone. */
export function writeWall(storage: KeyValueStore, entry: WallCacheEntry): void {
  const others = readAllWalls(storage).filter(
    (e) => !(e.userId === entry.userId && e.sceneId === entry.sceneId),
  );
  try {
    storage.setItem(WALL_CACHE_KEY, JSON.stringify([...others, entry]));
  } catch {
    // Storage full or refused (private mode): the wall still works, it is just not remembered.
  }
}
