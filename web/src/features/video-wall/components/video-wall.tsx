import type { VideoWallCamera } from '@sentinel/contract';
import { Alert, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { useVideoWallStore } from '@/shared/stores/video-wall-store.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useRotationGroups } from '../api/rotation-groups.ts';
import { useWallCameras } from '../api/wall-cameras.ts';
import { camerasOfScene } from '../lib/camera-groups.ts';
import { DEFAULT_GRID_SIZE } from '../lib/grid.ts';
import { ALL_CAMERAS_SCENE } from '../lib/wall-cache.ts';
import { addTarget } from '../lib/wall-slots.ts';
import { useTour } from '../use-tour.ts';
import { useWallState } from '../use-wall-state.ts';
import { CameraList } from './camera-list.tsx';
import { TourControl } from './tour-control.tsx';
import { WallGrid } from './wall-grid.tsx';
import { WallToolbar } from './wall-toolbar.tsx';
import './video-wall.css';

/** The scene shown: the user's last pick if still visible, else the first scene, else all cameras. */
function useWallScene(userId: number | null, sceneIds: number[] | undefined) {
  const remembered = useVideoWallStore((s) => (userId === null ? undefined : s.lastScene[String(userId)]));
  const rememberScene = useVideoWallStore((s) => s.rememberScene);
  let sceneId: number | null = null;
  if (sceneIds) {
    if (remembered !== undefined && (remembered === ALL_CAMERAS_SCENE || sceneIds.includes(remembered))) {
      sceneId = remembered;
    } else sceneId = sceneIds[0] ?? ALL_CAMERAS_SCENE;
  }
  const pick = (id: number) => {
    if (userId !== null) rememberScene(userId, id);
  };
  return [sceneId, pick] as const;
}

/** Multi-screen video wall (SPEC §2, §4): replaces the layout while the video-visible flag is off. */
export function VideoWall() {
  const { t } = useTranslation('videoWall');
  const closeWall = useVideoWallStore((s) => s.closeWall);
  const userId = useUserStore((s) => s.id);
  const query = useWallCameras();
  const [sceneId, setSceneId] = useWallScene(
    userId,
    query.data?.scenes.map((s) => s.id),
  );
  const sceneCameras = useMemo(
    () => (query.data && sceneId !== null ? camerasOfScene(query.data.cameras, sceneId) : undefined),
    [query.data, sceneId],
  );
  const wallCameras = useMemo(
    () => sceneCameras?.map((c) => ({ id: c.id, cameraName: c.name })),
    [sceneCameras],
  );
  const { wall, setGridSize, put, clear } = useWallState(userId, sceneId, wallCameras);
  const [selectedCell, setSelectedCell] = useState<number | null>(null);
  const [selectedCamera, setSelectedCamera] = useState<VideoWallCamera | null>(null);
  const gridSize = wall?.gridSize ?? DEFAULT_GRID_SIZE;

  const rotations = useRotationGroups();
  const [tourGroupId, setTourGroupId] = useState<number | null>(null);
  const tourGroup = rotations.data?.list.find((g) => g.id === tourGroupId);
  const visibleIds = useMemo(() => new Set(query.data?.cameras.map((c) => c.id)), [query.data]);
  const tour = useTour(tourGroup, visibleIds, gridSize);

  const names = useMemo(() => new Map(query.data?.cameras.map((c) => [c.id, c.name])), [query.data]);
  const nameOf = (id: number) => names.get(id) ?? wall?.cachedNames.get(id) ?? `#${id}`;

  const addCamera = (camera: VideoWallCamera | null) => {
    if (tour.running) return;
    if (!camera) {
      toast.warning(t('selectCamera'));
      return;
    }
    if (!wall) return;
    const target = addTarget(wall.slots, selectedCell, gridSize);
    if (target === null) {
      toast.warning(t('selectCell'));
      return;
    }
    put(target, { id: camera.id, cameraName: camera.name });
    setSelectedCell(target);
  };

  const changeScene = (id: number) => {
    tour.stop();
    setSceneId(id);
    setSelectedCell(null);
    setSelectedCamera(null);
  };

  return (
    <div
      className="video-wall"
      data-testid="video-wall"
      data-scene={sceneId ?? ''}
      data-touring={tour.running}
    >
      <WallToolbar
        scenes={query.data?.scenes ?? []}
        sceneId={sceneId}
        onScene={changeScene}
        gridSize={gridSize}
        onGridSize={(size) => {
          setGridSize(size);
          if (selectedCell !== null && selectedCell >= size) setSelectedCell(null);
        }}
        onAdd={() => addCamera(selectedCamera)}
        onClear={() => {
          if (selectedCell !== null) clear(selectedCell);
        }}
        clearDisabled={selectedCell === null}
        touring={tour.running}
        tour={
          rotations.data && rotations.data.list.length > 0 ? (
            <TourControl
              groups={rotations.data.list}
              groupId={tourGroupId}
              onGroup={(id) => {
                tour.stop();
                setTourGroupId(id);
              }}
              running={tour.running}
              onStart={tour.start}
              onStop={tour.stop}
            />
          ) : null
        }
        onClose={closeWall}
      />
      <div className="video-wall-body">
        <aside className="video-wall-side" aria-label={t('cameras')}>
          {query.isError ? (
            <Alert type="error" showIcon message={t('loadFailed')} />
          ) : query.isPending ? (
            <Spin />
          ) : (
            <CameraList
              cameras={sceneCameras ?? []}
              selectedId={selectedCamera?.id ?? null}
              onSelect={setSelectedCamera}
              onAdd={(camera) => {
                setSelectedCamera(camera);
                addCamera(camera);
              }}
            />
          )}
        </aside>
        {wall ? (
          <WallGrid
            gridSize={gridSize}
            slots={tour.slots ?? wall.slots}
            selected={selectedCell}
            nameOf={nameOf}
            onSelect={setSelectedCell}
          />
        ) : (
          <div className="video-wall-grid video-wall-loading">
            <Spin />
          </div>
        )}
      </div>
    </div>
  );
}
