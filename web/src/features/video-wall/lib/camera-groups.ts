import type { VideoWallCamera } from '@sentinel/contract';
import { ALL_CAMERAS_SCENE } from './wall-cache.ts';

export interface AreaGroup {
  key: string;
  areaName: string;
  cameras: VideoWallCamera[];
}

export interface PlantGroup {
  key: string;
  /** Factory and plant names ([] when the camera has no plant). */
  path: string[];
  areas: AreaGroup[];
}

/** Cameras of a scene (every camera for the "all cameras" wall). */
export function camerasOfScene(cameras: readonly VideoWallCamera[], sceneId: number): VideoWallCamera[] {
  return sceneId === ALL_CAMERAS_SCENE ? [...cameras] : cameras.filter((c) => c.sceneIds.includes(sceneId));
}

/** Name or code contains the keyword (case-insensitive); an empty keyword keeps everything. */
export function matchesKeyword(camera: VideoWallCamera, keyword: string): boolean {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return true;
  return camera.name.toLowerCase().includes(needle) || camera.code.toLowerCase().includes(needle);
}

/** Groups by plant (factory › plant) then area, in first-seen order. */
export function groupByPlantAndArea(cameras: readonly VideoWallCamera[]): PlantGroup[] {
  const plants = new Map<string, PlantGroup>();
  for (const camera of cameras) {
    const path = [camera.factoryName, camera.plantName].filter(Boolean);
    const plantKey = path.join('\u0000');
    let plant = plants.get(plantKey);
    if (!plant) {
      plant = { key: plantKey || '-', path, areas: [] };
      plants.set(plantKey, plant);
    }
    const areaKey = String(camera.areaId ?? '-');
    let area = plant.areas.find((a) => a.key === areaKey);
    if (!area) {
      area = { key: areaKey, areaName: camera.areaName, cameras: [] };
      plant.areas.push(area);
    }
    area.cameras.push(camera);
  }
  return [...plants.values()];
}
