import { z } from 'zod';
import { instanceParams, versionMetrics } from './ai-common.ts';
import { idNumber, pageQuery, recordId } from './validators.ts';

/**
 * The instance library (/AIOpenPlatform/AlgorithmInstanceLibrary, issue 13 §3 and §7): algorithm
 * instances with their immutable numbered versions, which version was live when, publish (behind
 * the publish gate) and roll back; and the engines' view of what runs where (`x-engine-key`).
 * The paths are ours (the SPEC shows none for this page).
 */
export const AI_INSTANCE_API = {
  /** POST { page, limit, keyword? } → { list, count }: non-draft algorithms. */
  list: '/api/v2/backend/aiInstance/list',
  /** GET → the instance with its versions, deployment history and scene cameras. */
  detail: (id: number) => `/api/v2/backend/aiInstance/${id}`,
  /** POST { versionId, override?, reason? } → the deployment (gated, see `publishBody`). */
  publish: (id: number) => `/api/v2/backend/aiInstance/${id}/publish`,
  /** POST { reason? } → the deployment: back to the version live before the current one (never gated). */
  rollback: (id: number) => `/api/v2/backend/aiInstance/${id}/rollback`,
  /** Engines (x-engine-key): GET ?revision=&waitSeconds= → what runs where; long-polls on an unchanged revision. */
  engineDeployments: '/api/v2/backend/ingest/deployments',
  /** Engines (x-engine-key): GET → the artefact file of a version. */
  engineArtefact: (versionId: number) => `/api/v2/backend/ingest/artefact/${versionId}`,
} as const;

/** Event stream / bus event after a publish or a roll-back: `deploymentEvent`. */
export const AI_INSTANCE_DEPLOYED_EVENT = 'algorithm.deployed';
/** The longest long-poll an engine may ask for, in seconds. */
export const DEPLOYMENTS_MAX_WAIT_SECONDS = 60;
/** The shortest override reason. */
export const OVERRIDE_REASON_MIN = 5;

export const aiInstanceIdParams = z.object({ id: recordId() });
export const aiVersionIdParams = z.object({ versionId: recordId() });

export const aiInstanceListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64, { error: 'field.tooLong' }).optional(),
});
export type AiInstanceListQuery = z.infer<typeof aiInstanceListQuery>;

/** Alarms a version raised and how many of them were marked false positive (rate null with no alarm). */
const alarmFigures = {
  alarms: z.number().int(),
  falsePositives: z.number().int(),
  falsePositiveRate: z.number().nullable(),
};

export const aiInstanceItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** The base model's name (else the algorithm's model text). */
  model: z.string(),
  liveVersionId: z.number().int().nullable(),
  liveVersionNumber: z.number().int().nullable(),
  versionCount: z.number().int(),
  /** Enabled scene cameras running it. */
  cameraCount: z.number().int(),
  /** Of the live version. */
  ...alarmFigures,
  /** The last publish / roll-back, else the last edit of the algorithm. */
  lastChangeAt: z.string(),
});
export type AiInstanceItem = z.infer<typeof aiInstanceItem>;

export const aiInstanceListResult = z.object({ list: z.array(aiInstanceItem), count: z.number().int() });
export type AiInstanceListResult = z.infer<typeof aiInstanceListResult>;

export const VERSION_SOURCES = ['wizard', 'training', 'seed'] as const;
export const DEPLOYMENT_ACTIONS = ['publish', 'rollback', 'seed'] as const;

export const aiVersion = z.object({
  id: z.number().int(),
  number: z.number().int(),
  source: z.enum(VERSION_SOURCES),
  model: z.string(),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  metrics: versionMetrics.nullable(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  live: z.boolean(),
  ...alarmFigures,
});
export type AiVersion = z.infer<typeof aiVersion>;

export const aiDeployment = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  versionNumber: z.number().int(),
  previousVersionNumber: z.number().int().nullable(),
  action: z.enum(DEPLOYMENT_ACTIONS),
  override: z.boolean(),
  reason: z.string(),
  actor: z.string(),
  at: z.string(),
});
export type AiDeployment = z.infer<typeof aiDeployment>;

export const aiInstanceCamera = z.object({
  sceneCameraAlgorithmId: z.number().int(),
  sceneId: z.number().int(),
  sceneName: z.string(),
  cameraId: z.number().int(),
  cameraName: z.string(),
  level: z.number().int(),
  /** Running: the camera algorithm and its scene camera are both enabled. */
  running: z.boolean(),
});
export type AiInstanceCamera = z.infer<typeof aiInstanceCamera>;

export const aiInstanceDetail = z.object({
  instance: aiInstanceItem,
  /** Newest first. */
  versions: z.array(aiVersion),
  /** Newest first. */
  deployments: z.array(aiDeployment),
  cameras: z.array(aiInstanceCamera),
  /** Where a roll-back would go (null: nothing to roll back to). */
  rollbackVersionId: z.number().int().nullable(),
});
export type AiInstanceDetail = z.infer<typeof aiInstanceDetail>;

/** Publish a version. The gate refuses (409) a version whose false-positive rate is not lower than the live one's, or without metrics, unless `override` with a reason. */
export const publishBody = z
  .object({
    versionId: idNumber(),
    override: z.boolean().optional(),
    reason: z.string().trim().max(500, { error: 'field.tooLong' }).optional(),
  })
  .refine((body) => !body.override || (body.reason ?? '').length >= OVERRIDE_REASON_MIN, {
    message: 'aiInstance.reasonRequired',
    path: ['reason'],
  });
export type PublishBody = z.infer<typeof publishBody>;

export const rollbackBody = z.object({
  reason: z.string().trim().max(500, { error: 'field.tooLong' }).optional(),
});
export type RollbackBody = z.infer<typeof rollbackBody>;

/** What a publish or roll-back answers, and the `algorithm.deployed` event's data. */
export const deploymentEvent = z.object({
  algorithmId: z.number().int(),
  deployment: aiDeployment,
});
export type DeploymentEvent = z.infer<typeof deploymentEvent>;

/** Whether a publish would pass the gate (the web shows it before asking). */
export function passesPublishGate(
  candidate: { falsePositiveRate: number } | null,
  live: { falsePositiveRate: number } | null,
  hasLive: boolean,
): boolean {
  if (!hasLive) return true;
  if (!candidate) return false;
  if (!live) return true;
  return candidate.falsePositiveRate < live.falsePositiveRate;
}

// —— the engines' view ——

export const deploymentsQuery = z.object({
  /** The revision the engine has; equal to the current one: wait up to `waitSeconds` for a change. */
  revision: z.coerce.number().int().min(0).optional(),
  waitSeconds: z.coerce.number().int().min(0).max(DEPLOYMENTS_MAX_WAIT_SECONDS).default(0),
});
export type DeploymentsQuery = z.infer<typeof deploymentsQuery>;

export const engineZone = z.object({ name: z.string(), points: z.array(z.tuple([z.number(), z.number()])) });

export const engineCamera = z.object({
  sceneCameraAlgorithmId: z.number().int(),
  sceneId: z.number().int(),
  cameraId: z.number().int(),
  cameraCode: z.string(),
  level: z.number().int(),
  zones: z.array(engineZone),
});

export const engineLiveVersion = z.object({
  id: z.number().int(),
  number: z.number().int(),
  /** As frozen into the version (the level as stored). */
  params: instanceParams.extend({ level: z.number().int() }),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  /** GET with the engine key (AI_INSTANCE_API.engineArtefact). */
  downloadPath: z.string(),
});

export const engineInstance = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** null: no version yet (the engine keeps what it runs, or nothing). */
  liveVersion: engineLiveVersion.nullable(),
  cameras: z.array(engineCamera),
});

export const engineDeployments = z.object({
  /** Opaque: changes whenever anything in this answer changes. */
  revision: z.number().int(),
  instances: z.array(engineInstance),
});
export type EngineDeployments = z.infer<typeof engineDeployments>;
