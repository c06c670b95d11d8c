import { describe, expect, it } from 'vitest';
import { readAllWalls, readWall, WALL_CACHE_KEY, type WallCacheEntry, writeWall } from './wall-cache.ts';
import { autoFill, emptySlots } from './wall-slots.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    raw: (key: string) => data.get(key),
  };
}

const entry = (userId: number, sceneId: number, first: number): WallCacheEntry => ({
  userId,
  sceneId,
  equipmentType: 9,
  cameraList: [{ id: first, cameraName: `Cam ${first}` }],
  VideoPlayer: autoFill([{ id: first, cameraName: `Cam ${first}` }]),
  isCache: true,
});

describe('video wall cache (userCache)', () => {
  it("stores walls under 'userCache' in the SPEC shape, one per user and scene", () => {
    const storage = memoryStorage();
    writeWall(storage, entry(1, 1, 11));
    writeWall(storage, entry(1, 2, 12));
    writeWall(storage, entry(2, 1, 21));
    writeWall(storage, entry(1, 1, 13));
    const stored = JSON.parse(storage.raw(WALL_CACHE_KEY) ?? '[]');
    expect(stored).toHaveLength(3);
    expect(Object.keys(stored[0]).sort()).toEqual(
      ['VideoPlayer', 'cameraList', 'equipmentType', 'isCache', 'sceneId', 'userId'].sort(),
    );
    expect(stored[0].VideoPlayer).toHaveLength(25);
    expect(readWall(storage, 1, 1)?.VideoPlayer[0]).toEqual({ src: 13 });
    expect(readWall(storage, 1, 2)?.VideoPlayer[0]).toEqual({ src: 12 });
    expect(readWall(storage, 2, 1)?.cameraList).toEqual([{ id: 21, cameraName: 'Cam 21' }]);
  });

  it('gives another user or scene nothing', () => {
    const storage = memoryStorage();
    writeWall(storage, entry(1, 1, 11));
    expect(readWall(storage, 2, 1)).toBeUndefined();
    expect(readWall(storage, 1, 3)).toBeUndefined();
  });

  it('reads a damaged cache as empty and repairs odd entries', () => {
    expect(readAllWalls(memoryStorage({ [WALL_CACHE_KEY]: '{not json' }))).toEqual([]);
    expect(readAllWalls(memoryStorage({ [WALL_CACHE_KEY]: '{"a":1}' }))).toEqual([]);
    const odd = JSON.stringify([
      { userId: 5, sceneId: 1, equipmentType: 7, VideoPlayer: [{ src: 3 }, { src: 'x' }], isCache: true },
      { sceneId: 1 },
    ]);
    const [wall, ...rest] = readAllWalls(memoryStorage({ [WALL_CACHE_KEY]: odd }));
    expect(rest).toEqual([]);
    expect(wall?.equipmentType).toBe(4);
    expect(wall?.VideoPlayer).toHaveLength(25);
    expect(wall?.VideoPlayer.slice(0, 2)).toEqual([{ src: 3 }, { src: '' }]);
    expect(wall?.cameraList).toEqual([]);
  });

  it('keeps an emptied wall (no auto-fill again): isCache stays true', () => {
    const storage = memoryStorage();
    writeWall(storage, { ...entry(1, 1, 11), VideoPlayer: emptySlots() });
    expect(readWall(storage, 1, 1)?.VideoPlayer.every((s) => s.src === '')).toBe(true);
  });
});
