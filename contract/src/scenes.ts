import { z } from 'zod';
import { optionalText, pageQuery, recordId, requiredText } from './validators.ts';

/**
 * Scenes (SPEC §1, §3, §7 "Scenes"): general scenes, job scenes (fixed operations: job type and
 * flowchart) and temporary jobs (number, name, operator, team leader, guardian, address, time).
 */
export const SCENE_KINDS = ['general', 'job', 'temporary'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];
export const sceneKind = z.enum(SCENE_KINDS, { error: 'field.invalid' });

/** Permission (menu code of the managing page) that writes scenes of each kind. */
export const SCENE_KIND_PERMISSION: Record<SceneKind, string> = {
  general: 'sceneSupervisionSet',
  job: 'fixedOperationSet',
  temporary: 'temporaryJobSet',
};

/** Route (menu code and path prefix) of the page that shows one scene of each kind. */
export const SCENE_PAGE: Record<SceneKind, { code: string; path: (id: number) => string }> = {
  general: { code: 'generalScene', path: (id) => `/generalSceneManage/${id}` },
  job: { code: 'jobScene', path: (id) => `/jobSceneManage/${id}` },
  temporary: { code: 'temporaryJobScenePage', path: (id) => `/temporaryJobScene/temporaryJobManage/${id}` },
};

export const JOB_TYPE_KINDS = ['fixed', 'temporary'] as const;
export type JobTypeKind = (typeof JOB_TYPE_KINDS)[number];

const id = recordId('field.invalid');
const optionalId = recordId('field.invalid').nullable().optional();
/** ISO 8601 date-time (with offset), or null / absent. */
const isoTime = z.iso.datetime({ offset: true, error: 'time.rangeRequired' }).nullable().optional();

// ---------------------------------------------------------------- job types

export const jobTypeBody = z.object({
  name: requiredText(50),
  kind: z.enum(JOB_TYPE_KINDS, { error: 'field.invalid' }).default('fixed'),
  description: optionalText(500),
});
export const jobTypeUpdateBody = jobTypeBody.extend({ id });

export const jobTypeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).default(''),
  kind: z.enum(JOB_TYPE_KINDS).optional(),
});

export const jobTypeItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(JOB_TYPE_KINDS),
  description: z.string(),
  /** Scenes that use this job type (a job type in use cannot be deleted). */
  sceneCount: z.number(),
  createdAt: z.string(),
});
export type JobTypeItem = z.infer<typeof jobTypeItem>;

// ---------------------------------------------------------------- scenes

export const temporaryJobFields = z.object({
  number: requiredText(50),
  name: requiredText(100),
  operator: optionalText(50),
  teamLeader: optionalText(50),
  guardian: optionalText(50),
  address: optionalText(200),
  startTime: isoTime,
  endTime: isoTime,
});

const sceneFields = z.object({
  name: requiredText(100, 'scene.nameRequired'),
  kind: sceneKind.default('general'),
  areaId: recordId('scene.areaRequired'),
  /** Required for job and temporary scenes (作业类型不能为空). */
  jobTypeId: optionalId,
  description: optionalText(500),
  /** Job scenes: the fixed operation's flowchart (optional). */
  workflowId: optionalId,
  /** Temporary scenes: the temporary job (required for them). */
  temporaryJob: temporaryJobFields.optional(),
});

type SceneFields = z.output<typeof sceneFields>;

/** The scene rules across fields: job type for job/temporary scenes, a temporary job with a time range. */
function refineScene(body: SceneFields, ctx: z.RefinementCtx): void {
  // Runs even when other fields are invalid (see `always`), so every field error is reported
  // at once: the values may not have their declared types here.
  if (body.kind !== 'general' && !body.jobTypeId) {
    ctx.addIssue({ code: 'custom', path: ['jobTypeId'], message: 'scene.jobTypeRequired' });
  }
  if (body.kind !== 'temporary') return;
  const job = body.temporaryJob;
  if (!job || typeof job !== 'object') {
    ctx.addIssue({ code: 'custom', path: ['temporaryJob', 'number'], message: 'field.required' });
    return;
  }
  const start = typeof job.startTime === 'string' ? Date.parse(job.startTime) : Number.NaN;
  const end = typeof job.endTime === 'string' ? Date.parse(job.endTime) : Number.NaN;
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) {
    ctx.addIssue({ code: 'custom', path: ['temporaryJob', 'startTime'], message: 'time.rangeRequired' });
  }
}

/** POST scene (create). `kind` decides which permission the write needs (SCENE_KIND_PERMISSION). */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
export const sceneBody = sceneFields.superRefine(refineScene, always);
export type SceneBody = z.input<typeof sceneBody>;

/** PUT scene (edit). The kind of a scene never changes; a different `kind` is refused. */
export const sceneUpdateBody = sceneFields.extend({ id }).superRefine(refineScene, always);
export type SceneUpdateBody = z.input<typeof sceneUpdateBody>;

/** Where a temporary job stands now: before its start, between start and end, after its end. */
export const JOB_STATES = ['notStarted', 'running', 'ended'] as const;
export type JobStateValue = (typeof JOB_STATES)[number];

export const sceneListQuery = pageQuery.extend({
  kind: sceneKind.default('general'),
  keyword: z.string().trim().max(100).default(''),
  areaId: optionalId,
  enabled: z.boolean().nullable().optional(),
  /** Temporary jobs only: filter by where the job stands now (start/end time vs the server's clock). */
  jobState: z.enum(JOB_STATES, { error: 'field.invalid' }).nullable().optional(),
});
export type SceneListQuery = z.input<typeof sceneListQuery>;

export const sceneListAllQuery = z.object({
  kind: sceneKind.default('general'),
  /** Omit (or null) for every scene; true for the enabled ones (the scene menus). */
  enabled: z.boolean().nullable().optional(),
});

export const sceneIdsBody = z.object({
  ids: z.array(id, { error: 'field.required' }).min(1, { error: 'field.required' }).max(1000),
});

export const temporaryJobItem = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  operator: z.string(),
  teamLeader: z.string(),
  guardian: z.string(),
  address: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type TemporaryJobItem = z.infer<typeof temporaryJobItem>;

export const fixedOperationRef = z.object({
  id: z.number(),
  workflowId: z.number().nullable(),
  workflowName: z.string().nullable(),
});

export const sceneItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: sceneKind,
  areaId: z.number(),
  areaName: z.string(),
  /** Names from the factory down to the scene's area. */
  areaPath: z.array(z.string()),
  jobTypeId: z.number().nullable(),
  jobTypeName: z.string().nullable(),
  enabled: z.boolean(),
  description: z.string(),
  cameraCount: z.number(),
  enabledCameraCount: z.number(),
  fixedOperation: fixedOperationRef.nullable(),
  temporaryJob: temporaryJobItem.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SceneItem = z.infer<typeof sceneItem>;

/** A camera of a scene (scene_camera joined to camera). */
export const sceneCameraTile = z.object({
  sceneCameraId: z.number(),
  cameraId: z.number(),
  name: z.string(),
  code: z.string(),
  online: z.boolean(),
  /** Enabled in this scene. */
  enabled: z.boolean(),
  /** Snapshot image (served to logged-in users), or null. */
  snapshotUrl: z.string().nullable(),
});
export type SceneCameraTile = z.infer<typeof sceneCameraTile>;

export const sceneDetail = sceneItem.extend({
  cameras: z.array(sceneCameraTile),
});
export type SceneDetail = z.infer<typeof sceneDetail>;

/** GET scene/{a}/{b}/getAlgorithm: the algorithms configured for camera b in scene a. */
export const sceneAlgorithmItem = z.object({
  id: z.number(),
  algorithmId: z.number(),
  code: z.string(),
  name: z.string(),
  level: z.number(),
  enabled: z.boolean(),
});
export type SceneAlgorithmItem = z.infer<typeof sceneAlgorithmItem>;

/**
 * GET scene/{id}/algorithmStateHOI: per camera of the scene, each algorithm and whether it runs.
 * `running` = scene enabled AND camera enabled in the scene AND algorithm enabled on the camera
 * AND the algorithm enabled in the catalogue.
 */
export const algorithmStateHoi = z.object({
  sceneId: z.number(),
  sceneEnabled: z.boolean(),
  cameras: z.array(
    z.object({
      sceneCameraId: z.number(),
      cameraId: z.number(),
      cameraName: z.string(),
      enabled: z.boolean(),
      online: z.boolean(),
      algorithms: z.array(sceneAlgorithmItem.extend({ running: z.boolean() })),
    }),
  ),
});
export type AlgorithmStateHoi = z.infer<typeof algorithmStateHoi>;

export const sceneAlgorithmParams = z.object({ a: id, b: id });

// ---------------------------------------------------------------- fixed operations

export const fixedOperationListQuery = pageQuery.omit({ limit: true }).extend({
  /** SPEC §9: the fixed-operation list is read with a page size of 1000. */
  limit: z.coerce
    .number()
    .int()
    .refine((v) => [10, 20, 30, 50, 1000].includes(v), { error: 'field.invalid' })
    .default(10),
  keyword: z.string().trim().max(100).default(''),
  jobTypeId: optionalId,
  enabled: z.boolean().nullable().optional(),
});

export const fixedOperationItem = z.object({
  id: z.number(),
  sceneId: z.number(),
  sceneName: z.string(),
  enabled: z.boolean(),
  areaId: z.number(),
  areaName: z.string(),
  jobTypeId: z.number(),
  jobTypeName: z.string(),
  workflowId: z.number().nullable(),
  workflowName: z.string().nullable(),
  updatedAt: z.string(),
});
export type FixedOperationItem = z.infer<typeof fixedOperationItem>;

export const fixedOperationChart = z.object({
  nodes: z.array(
    z.object({
      id: z.string(),
      shape: z.string(),
      label: z.string(),
      x: z.number(),
      y: z.number(),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  edges: z.array(
    z.object({ id: z.string(), source: z.string(), target: z.string(), label: z.string().optional() }),
  ),
});
export type FixedOperationChart = z.infer<typeof fixedOperationChart>;

export const fixedOperationDetail = fixedOperationItem.extend({
  /** The flowchart (empty when no workflow is attached). */
  chart: fixedOperationChart,
  scene: sceneDetail,
});
export type FixedOperationDetail = z.infer<typeof fixedOperationDetail>;

/** Scene API paths (SPEC §7 "Scenes"; job types are not shown in the SPEC). */
export const SCENE_API = {
  list: '/api/v2/backend/scene/list',
  listAll: '/api/v2/backend/scene/list/all',
  scene: '/api/v2/backend/scene',
  one: (sceneId: number) => `/api/v2/backend/scene/${sceneId}`,
  detail: (sceneId: number) => `/api/v2/backend/scene/detail/${sceneId}`,
  enable: (sceneId: number) => `/api/v2/backend/scene/enable/${sceneId}`,
  disable: (sceneId: number) => `/api/v2/backend/scene/disable/${sceneId}`,
  algorithm: (sceneId: number, cameraId: number) =>
    `/api/v2/backend/scene/${sceneId}/${cameraId}/getAlgorithm`,
  algorithmState: (sceneId: number) => `/api/v2/backend/scene/${sceneId}/algorithmStateHOI`,
  fixedOperationList: '/api/v2/backend/fixedOperation/list',
  fixedOperation: (fixedOperationId: number) => `/api/v2/backend/fixedOperation/${fixedOperationId}`,
  jobTypeList: '/api/v2/backend/jobType/list',
  jobTypeListAll: '/api/v2/backend/jobType/list/all',
  jobType: '/api/v2/backend/jobType',
  jobTypeOne: (jobTypeId: number) => `/api/v2/backend/jobType/${jobTypeId}`,
} as const;
