import type { ZonePoint } from '@sentinel/contract';
import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  algorithm,
  camera,
  detectionZone,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
} from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';

/** Believable zones on a 16:9 snapshot (normalised points), by the kind of place. */
const ZONES: Array<{ name: string; points: ZonePoint[] }> = [
  {
    name: '装车区',
    points: [
      [0.12, 0.55],
      [0.58, 0.48],
      [0.72, 0.92],
      [0.08, 0.95],
    ],
  },
  {
    name: '卸料口',
    points: [
      [0.55, 0.2],
      [0.82, 0.18],
      [0.88, 0.5],
      [0.6, 0.55],
    ],
  },
  {
    name: '作业警戒区',
    points: [
      [0.3, 0.35],
      [0.7, 0.35],
      [0.75, 0.8],
      [0.25, 0.8],
    ],
  },
  {
    name: '通道',
    points: [
      [0.02, 0.6],
      [0.35, 0.45],
      [0.4, 0.55],
      [0.05, 0.78],
    ],
  },
  {
    name: '危险区域',
    points: [
      [0.62, 0.6],
      [0.95, 0.58],
      [0.97, 0.95],
      [0.6, 0.97],
    ],
  },
];

const levelOf = (a: { levels: number[]; defaultLevel: number }) =>
  a.levels.includes(a.defaultLevel) ? a.defaultLevel : a.levels[0];

/**
 * Demo scene cameras: 2–4 cameras per demo scene (same area first), 1–3 algorithms per camera
 * at a valid level, and 1–2 zones on the first algorithm of the first cameras of each scene.
 * Scenes, cameras and algorithms come from the earlier seeds; whatever is missing is skipped.
 */
export async function seedSceneCameras(db: Db, _context: DemoSeedContext): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(sceneCamera);
  if (Number(existing?.n ?? 0) > 0) return;
  const scenes = await db.select({ id: scene.id, areaId: scene.areaId }).from(scene).orderBy(asc(scene.id));
  const cameras = await db
    .select({ id: camera.id, areaId: camera.areaId, virtual: camera.virtual })
    .from(camera)
    .orderBy(asc(camera.code), asc(camera.id));
  const algorithms = (
    await db
      .select({
        id: algorithm.id,
        levels: algorithm.levels,
        defaultLevel: algorithm.defaultLevel,
        enabled: algorithm.enabled,
      })
      .from(algorithm)
      .orderBy(asc(algorithm.id))
  ).filter((a) => a.enabled && levelOf(a) !== undefined);
  if (scenes.length === 0 || cameras.length === 0) return;

  let cursor = 0;
  let zoneCursor = 0;
  for (const [sceneIndex, s] of scenes.entries()) {
    const wanted = Math.min(2 + (sceneIndex % 3), cameras.length);
    const sameArea = cameras.filter((c) => c.areaId === s.areaId && !c.virtual);
    const chosen = new Map<number, (typeof cameras)[number]>();
    for (const c of sameArea) if (chosen.size < wanted) chosen.set(c.id, c);
    // Then the next cameras round-robin, so the demo spreads over the plant.
    for (let tries = 0; chosen.size < wanted && tries < cameras.length; tries++) {
      const c = cameras[cursor % cameras.length];
      cursor++;
      if (c && !chosen.has(c.id)) chosen.set(c.id, c);
    }
    const bound = await db
      .insert(sceneCamera)
      .values([...chosen.keys()].map((cameraId, sort) => ({ sceneId: s.id, cameraId, sort })))
      .onConflictDoNothing()
      .returning({ id: sceneCamera.id });
    if (algorithms.length === 0) continue;

    for (const [cameraIndex, sc] of bound.entries()) {
      const howMany = Math.min(1 + ((sceneIndex + cameraIndex) % 3), algorithms.length);
      const picks = Array.from(
        { length: howMany },
        (_, k) => algorithms[(sceneIndex * 2 + cameraIndex + k) % algorithms.length],
      ).filter((a): a is (typeof algorithms)[number] => a !== undefined);
      const unique = [...new Map(picks.map((a) => [a.id, a])).values()];
      const rows = await db
        .insert(sceneCameraAlgorithm)
        .values(unique.map((a) => ({ sceneCameraId: sc.id, algorithmId: a.id, level: levelOf(a) ?? 120002 })))
        .onConflictDoNothing()
        .returning({ id: sceneCameraAlgorithm.id });
      const first = rows[0];
      if (!first || cameraIndex > 1) continue;
      const zoneCount = 1 + (cameraIndex % 2);
      const zones = Array.from({ length: zoneCount }, (_, k) => {
        const zone = ZONES[(zoneCursor + k) % ZONES.length] ?? ZONES[0];
        return {
          sceneCameraAlgorithmId: first.id,
          name: zone?.name ?? '',
          points: zone?.points ?? [],
          sort: k,
        };
      });
      zoneCursor += zoneCount;
      await db.insert(detectionZone).values(zones);
    }
  }
}
