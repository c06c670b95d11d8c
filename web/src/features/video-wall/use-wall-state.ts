import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_GRID_SIZE, type GridSize } from './lib/grid.ts';
import { readWall, writeWall } from './lib/wall-cache.ts';
import {
  autoFill,
  camerasOnWall,
  clearSlot,
  emptySlots,
  putCamera,
  type WallCamera,
  type WallSlot,
} from './lib/wall-slots.ts';

export interface WallState {
  gridSize: GridSize;
  slots: WallSlot[];
  /** Names of the cameras on the wall as last stored (the list may not be loaded yet). */
  cachedNames: Map<number, string>;
}

interface Loaded extends WallState {
  key: string;
}

/**
 * The wall of one user and scene: restored from the `userCache` entry, or auto-filled with the
 * first 4 cameras of the scene when there is none yet; every change is written back.
 * `cameras` is undefined while the camera list is loading.
 */
export function useWallState(
  userId: number | null,
  sceneId: number | null,
  cameras: WallCamera[] | undefined,
) {
  const key = userId === null || sceneId === null ? '' : `${userId}:${sceneId}`;
  const [wall, setWall] = useState<Loaded | null>(null);
  const ready = cameras !== undefined;
  // Read once the list is ready; its later refreshes (online status) do not reload the wall.
  const camerasRef = useRef(cameras);
  camerasRef.current = cameras;

  useEffect(() => {
    if (userId === null || sceneId === null) return;
    const cached = readWall(localStorage, userId, sceneId);
    if (cached) {
      setWall({
        key: `${userId}:${sceneId}`,
        gridSize: cached.equipmentType,
        slots: cached.VideoPlayer,
        cachedNames: new Map(cached.cameraList.map((c) => [c.id, c.cameraName])),
      });
      return;
    }
    if (!ready) return;
    const list = camerasRef.current ?? [];
    const slots = list.length > 0 ? autoFill(list) : emptySlots();
    const names = new Map(list.map((c) => [c.id, c.cameraName]));
    // An empty scene is not remembered, so its first cameras still auto-fill later.
    if (list.length > 0) {
      writeWall(localStorage, {
        userId,
        sceneId,
        equipmentType: DEFAULT_GRID_SIZE,
        cameraList: camerasOnWall(slots, names),
        VideoPlayer: slots,
        isCache: true,
      });
    }
    setWall({ key: `${userId}:${sceneId}`, gridSize: DEFAULT_GRID_SIZE, slots, cachedNames: names });
  }, [userId, sceneId, ready]);

  const update = useCallback(
    (change: (current: WallState) => Partial<WallState>, names: ReadonlyMap<number, string>) => {
      setWall((current) => {
        if (!current || userId === null || sceneId === null || current.key !== key) return current;
        const next = { ...current, ...change(current) };
        const allNames = new Map([...current.cachedNames, ...names]);
        writeWall(localStorage, {
          userId,
          sceneId,
          equipmentType: next.gridSize,
          cameraList: camerasOnWall(next.slots, allNames),
          VideoPlayer: next.slots,
          isCache: true,
        });
        return { ...next, cachedNames: allNames };
      });
    },
    [key, userId, sceneId],
  );

  const current = wall && wall.key === key ? wall : null;
  return {
    wall: current as WallState | null,
    setGridSize: (gridSize: GridSize) => update(() => ({ gridSize }), new Map()),
    put: (index: number, camera: WallCamera) =>
      update(
        (w) => ({ slots: putCamera(w.slots, index, camera.id) }),
        new Map([[camera.id, camera.cameraName]]),
      ),
    clear: (index: number) => update((w) => ({ slots: clearSlot(w.slots, index) }), new Map()),
  };
}
