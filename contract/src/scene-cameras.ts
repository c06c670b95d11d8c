import { z } from 'zod';
import { optionalText, pageQuery, positiveInt } from './validators.ts';

/**
 * Cameras in scenes (SPEC §7): binding cameras to scenes, the algorithms each scene camera runs
 * (one level per algorithm, once per camera) and their detection zones (polygons on the camera's
 * snapshot, coordinates normalised to 0..1, at most 5 custom zones per camera algorithm).
 */

/** SPEC §5 / §9: custom zones at most 5. */
export const MAX_ZONES = 5;
/** A polygon needs at least 3 points; more than this many is refused too. */
export const MIN_ZONE_POINTS = 3;
export const MAX_ZONE_POINTS = 64;

const SCENE_KIND_VALUES = ['general', 'job', 'temporary'] as const;

const id = positiveInt;

// ---- scene cameras --------------------------------------------------------------------------

export const sceneCameraListQuery = pageQuery.extend({
  sceneId: id,
  keyword: z.string().trim().max(100, { error: 'field.tooLong' }).default(''),
  /** true: enabled only, false: disabled only, absent or null: both. */
  enabled: z.boolean().nullish(),
});
export type SceneCameraListQuery = z.infer<typeof sceneCameraListQuery>;

export const sceneCameraItem = z.object({
  /** Scene camera (binding) id. */
  id: z.number(),
  sceneId: z.number(),
  cameraId: z.number(),
  cameraName: z.string(),
  cameraCode: z.string(),
  ip: z.string(),
  online: z.boolean(),
  /** Media url of the camera's latest snapshot (logged-in users only), or null. */
  snapshotUrl: z.string().nullable(),
  enabled: z.boolean(),
  algorithmCount: z.number(),
  createdAt: z.string(),
});
export type SceneCameraItem = z.infer<typeof sceneCameraItem>;

export const sceneCameraListResponse = z.object({ list: z.array(sceneCameraItem), count: z.number() });

export const bindCameraBody = z.object({ sceneId: id, cameraId: id });
export type BindCameraBody = z.infer<typeof bindCameraBody>;

export const bindCamerasBody = z.object({
  sceneId: id,
  cameraIds: z.array(id).min(1, { error: 'field.required' }).max(500),
});
export type BindCamerasBody = z.infer<typeof bindCamerasBody>;

/** Several cameras at once: the new ones are bound, the already bound ones skipped and named. */
export const bindCamerasResult = z.object({
  /** Camera ids bound by this call. */
  added: z.array(z.number()),
  /** Camera ids that were already bound to the scene (left unchanged). */
  skipped: z.array(z.number()),
});
export type BindCamerasResult = z.infer<typeof bindCamerasResult>;

/** Scene camera ids of a batch call; an empty selection answers 请选择需要删除的摄像头!. */
export const sceneCameraIdsBody = z.object({
  ids: z.array(id, { error: 'camera.selectToDelete' }).min(1, { error: 'camera.selectToDelete' }).max(500),
});
export type SceneCameraIdsBody = z.infer<typeof sceneCameraIdsBody>;

/** Cameras that can still be bound to a scene (bind dialog; path not in the SPEC). */
export const bindableCameraQuery = pageQuery.extend({
  sceneId: id,
  keyword: z.string().trim().max(100, { error: 'field.tooLong' }).default(''),
});
export type BindableCameraQuery = z.infer<typeof bindableCameraQuery>;

export const bindableCamera = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  ip: z.string(),
  online: z.boolean(),
  areaName: z.string().nullable(),
});
export type BindableCamera = z.infer<typeof bindableCamera>;
export const bindableCameraListResponse = z.object({ list: z.array(bindableCamera), count: z.number() });

/** Scene picker (path not in the SPEC): every scene, optionally of one kind. */
export const sceneCameraSceneQuery = z.object({ kind: z.enum(SCENE_KIND_VALUES).optional() });
export const sceneCameraScene = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  enabled: z.boolean(),
});
export type SceneCameraScene = z.infer<typeof sceneCameraScene>;

// ---- zones ----------------------------------------------------------------------------------

const coordinate = z
  .number({ error: 'zone.invalid' })
  .min(0, { error: 'zone.invalid' })
  .max(1, { error: 'zone.invalid' });

/** [x, y], each 0..1 of the image width / height (0,0 top left). */
export const zonePoint = z.tuple([coordinate, coordinate], { error: 'zone.invalid' });
export type ZonePoint = z.infer<typeof zonePoint>;

export const zoneInput = z.object({
  /** Keep an existing zone (its id) when saving; absent for a new one. */
  id: id.optional(),
  name: optionalText(50),
  points: z
    .array(zonePoint, { error: 'zone.invalid' })
    .min(MIN_ZONE_POINTS, { error: 'zone.invalid' })
    .max(MAX_ZONE_POINTS, { error: 'zone.invalid' }),
});
export type ZoneInput = z.infer<typeof zoneInput>;

export const zoneList = z.array(zoneInput).max(MAX_ZONES, { error: 'zone.max' });

export const zoneItem = z.object({
  id: z.number(),
  name: z.string(),
  points: z.array(z.tuple([z.number(), z.number()])),
  sort: z.number(),
});
export type ZoneItem = z.infer<typeof zoneItem>;

/** Save (replace) the zones of one scene camera algorithm, in this order. */
export const saveZonesBody = z.object({ sceneCameraAlgorithmId: id, zones: zoneList });
export type SaveZonesBody = z.infer<typeof saveZonesBody>;

/** New order of the zones of one scene camera algorithm: every zone id exactly once. */
export const sortZonesBody = z.object({
  sceneCameraAlgorithmId: id,
  zoneIds: z.array(id).min(1, { error: 'field.required' }).max(MAX_ZONES, { error: 'zone.max' }),
});
export type SortZonesBody = z.infer<typeof sortZonesBody>;

// ---- algorithms on a scene camera -------------------------------------------------------------

export const algorithmChoice = z.object({
  algorithmId: id,
  /** One priority code, one of the algorithm's allowed levels (a list is refused: one level). */
  level: z.number({ error: 'algorithm.oneLevel' }).int({ error: 'algorithm.oneLevel' }),
  zones: zoneList.optional(),
});
export type AlgorithmChoice = z.infer<typeof algorithmChoice>;

export const createAlgorithmBody = z.object({
  sceneCameraId: id,
  algorithms: z
    .array(algorithmChoice, { error: 'algorithm.selectFirst' })
    .min(1, { error: 'algorithm.selectFirst' })
    .max(100)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((choice, index) => {
        if (seen.has(choice.algorithmId)) {
          ctx.addIssue({ code: 'custom', message: 'algorithm.duplicate', path: [index, 'algorithmId'] });
        }
        seen.add(choice.algorithmId);
      });
    }),
});
export type CreateAlgorithmBody = z.infer<typeof createAlgorithmBody>;

export const sceneCameraAlgorithmItem = z.object({
  /** Scene camera algorithm id. */
  id: z.number(),
  sceneCameraId: z.number(),
  algorithmId: z.number(),
  algorithmName: z.string(),
  algorithmCode: z.string(),
  /** Levels the algorithm allows (priority codes). */
  levels: z.array(z.number()),
  level: z.number(),
  enabled: z.boolean(),
  zones: z.array(zoneItem),
});
export type SceneCameraAlgorithmItem = z.infer<typeof sceneCameraAlgorithmItem>;

/** Zones of each algorithm of one camera in one scene (algorithmAreaList). */
export const algorithmArea = z.object({
  sceneCameraAlgorithmId: z.number(),
  algorithmId: z.number(),
  algorithmName: z.string(),
  level: z.number(),
  zones: z.array(zoneItem),
});
export type AlgorithmArea = z.infer<typeof algorithmArea>;

/** Batch delete of scene camera algorithms (their zones go with them). */
export const algorithmIdsBody = z.object({
  ids: z.array(id, { error: 'algorithm.selectFirst' }).min(1, { error: 'algorithm.selectFirst' }).max(500),
});
export type AlgorithmIdsBody = z.infer<typeof algorithmIdsBody>;

/** Catalogue entry for the add-algorithm dialog (path not in the SPEC). */
export const sceneCameraAlgorithmOption = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  levels: z.array(z.number()),
  defaultLevel: z.number(),
});
export type SceneCameraAlgorithmOption = z.infer<typeof sceneCameraAlgorithmOption>;

export const sceneCameraPathParams = z.object({ a: id, b: id });

const base = '/api/v2/backend/scene/camera';
/** API paths of this domain (SPEC §7 "Cameras in scenes", plus the marked helpers). */
export const SCENE_CAMERA_API = {
  list: `${base}/list`,
  bind: `${base}/`,
  bindMany: `${base}/cameras`,
  enable: (sceneCameraId: number) => `${base}/enable/${sceneCameraId}`,
  disable: (sceneCameraId: number) => `${base}/disable/${sceneCameraId}`,
  batchEnable: `${base}/batchEnable`,
  batchDisable: `${base}/batchDisable`,
  unbind: (sceneCameraId: number) => `${base}/${sceneCameraId}`,
  batchUnbind: `${base}/batchUnbind`,
  createAlgorithm: `${base}/createAlgorithm`,
  algorithmList: (sceneId: number, cameraId: number) => `${base}/algorithm/${sceneId}/${cameraId}/list`,
  algorithmBatchDelete: `${base}/algorithm/batchDelete`,
  zoneSort: `${base}/algorithm/area/batchSortOperation`,
  areaList: (sceneId: number, cameraId: number) =>
    `${base}/algorithm/area/${sceneId}/${cameraId}/algorithmAreaList`,
  temporaryAreaList: (sceneId: number, cameraId: number) =>
    `${base}/algorithm/area/${sceneId}/${cameraId}/temporaryWork/algorithmAreaList`,
  /** Not in the SPEC: save (replace) the zones of one scene camera algorithm. */
  saveZones: `${base}/algorithm/area`,
  /** Not in the SPEC: cameras not yet bound to a scene (bind dialog). */
  bindable: `${base}/bindable`,
  /** Not in the SPEC: scenes for the pickers of these screens. */
  scenes: `${base}/scenes`,
  /** Not in the SPEC: the algorithm catalogue with allowed levels (add dialog). */
  algorithms: `${base}/algorithm/options`,
} as const;
