import type { AiDeployment, AiInstanceCamera, AiInstanceItem, AiVersion } from '@sentinel/contract';
import { aliasedTable, and, asc, count, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  aiModel,
  algorithm,
  algorithmDeployment,
  algorithmVersion,
  camera,
  detectionZone,
  type InstanceParams,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
  videoAlarm,
} from '../../db/schema/index.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

/**
 * SQL of the instance library (issue 13 §3): instances are the algorithms that are not drafts;
 * a version's alarms are the alarms recording it (`video_alarm.algorithm_version_id`), its
 * false-positive rate the share of those marked false positive.
 */

const rate = (alarms: number, falsePositives: number) => (alarms > 0 ? falsePositives / alarms : null);
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const liveVersion = aliasedTable(algorithmVersion, 'live_version');
/** Enabled camera algorithms on enabled scene cameras: where an instance runs. */
const running = and(eq(sceneCameraAlgorithm.enabled, true), eq(sceneCamera.enabled, true));

const itemFields = {
  id: algorithm.id,
  code: algorithm.code,
  name: algorithm.name,
  enabled: algorithm.enabled,
  model: sql<string>`coalesce(${aiModel.name}, ${algorithm.model})`,
  liveVersionId: algorithm.liveVersionId,
  liveVersionNumber: liveVersion.number,
  versionCount: sql<number>`(select count(*)::int from ${algorithmVersion} where ${algorithmVersion.algorithmId} = ${algorithm.id})`,
  cameraCount: sql<number>`(select count(*)::int from ${sceneCameraAlgorithm}
    join ${sceneCamera} on ${sceneCamera.id} = ${sceneCameraAlgorithm.sceneCameraId}
    where ${sceneCameraAlgorithm.algorithmId} = ${algorithm.id} and ${running})`,
  alarms: sql<number>`(select count(*)::int from ${videoAlarm} where ${videoAlarm.algorithmVersionId} = ${algorithm.liveVersionId})`,
  falsePositives: sql<number>`(select count(*)::int from ${videoAlarm}
    where ${videoAlarm.algorithmVersionId} = ${algorithm.liveVersionId} and ${videoAlarm.falsePositive})`,
  lastChangeAt: sql<Date | string>`coalesce((select max(${algorithmDeployment.at}) from ${algorithmDeployment}
    where ${algorithmDeployment.algorithmId} = ${algorithm.id}), ${algorithm.updatedAt})`,
};

const itemQuery = (db: Db) =>
  db
    .select(itemFields)
    .from(algorithm)
    .leftJoin(aiModel, eq(aiModel.id, algorithm.modelId))
    .leftJoin(liveVersion, eq(liveVersion.id, algorithm.liveVersionId));

type ItemRow = Awaited<ReturnType<typeof itemQuery>>[number];

function toItem(row: ItemRow): AiInstanceItem {
  return {
    ...row,
    model: row.model ?? '',
    versionCount: Number(row.versionCount),
    cameraCount: Number(row.cameraCount),
    alarms: Number(row.alarms),
    falsePositives: Number(row.falsePositives),
    falsePositiveRate: rate(Number(row.alarms), Number(row.falsePositives)),
    lastChangeAt: iso(row.lastChangeAt),
  };
}

/** A page of instances (non-draft algorithms) by id, with the total. */
export async function listInstances(
  db: Db,
  query: { page: number; limit: number; keyword?: string },
): Promise<{ list: AiInstanceItem[]; count: number }> {
  const where = and(
    not(algorithm.draft),
    keywordMatch(query.keyword, [algorithm.name, algorithm.code, algorithm.model]),
  );
  const [rows, [total]] = await Promise.all([
    itemQuery(db)
      .where(where)
      .orderBy(asc(algorithm.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(algorithm).where(where),
  ]);
  return { list: rows.map((row) => toItem(row)), count: total?.n ?? 0 };
}

/** One instance (not a draft), or undefined. */
export async function findInstance(db: Db, id: number): Promise<AiInstanceItem | undefined> {
  const [row] = await itemQuery(db).where(and(eq(algorithm.id, id), not(algorithm.draft)));
  return row ? toItem(row) : undefined;
}

/** The instance's versions, newest first, with the alarms each raised. */
export async function instanceVersions(
  db: Db,
  id: number,
  liveVersionId: number | null,
): Promise<AiVersion[]> {
  const rows = await db
    .select({
      version: algorithmVersion,
      model: aiModel.name,
      alarms: sql<number>`(select count(*)::int from ${videoAlarm} where ${videoAlarm.algorithmVersionId} = ${algorithmVersion.id})`,
      falsePositives: sql<number>`(select count(*)::int from ${videoAlarm}
        where ${videoAlarm.algorithmVersionId} = ${algorithmVersion.id} and ${videoAlarm.falsePositive})`,
    })
    .from(algorithmVersion)
    .leftJoin(aiModel, eq(aiModel.id, algorithmVersion.modelId))
    .where(eq(algorithmVersion.algorithmId, id))
    .orderBy(desc(algorithmVersion.number));
  return rows.map(({ version: v, model, alarms, falsePositives }) => ({
    id: v.id,
    number: v.number,
    source: v.source as AiVersion['source'],
    model: model ?? '',
    sha256: v.sha256,
    sizeBytes: v.sizeBytes,
    metrics: v.metrics ?? null,
    note: v.note,
    createdBy: v.createdBy,
    createdAt: iso(v.createdAt),
    live: v.id === liveVersionId,
    alarms: Number(alarms),
    falsePositives: Number(falsePositives),
    falsePositiveRate: rate(Number(alarms), Number(falsePositives)),
  }));
}

/** Which version was live when: the deployment rows, newest first. */
export async function instanceDeployments(db: Db, id: number): Promise<AiDeployment[]> {
  const previous = aliasedTable(algorithmVersion, 'previous_version');
  const rows = await db
    .select({
      deployment: algorithmDeployment,
      versionNumber: algorithmVersion.number,
      previousVersionNumber: previous.number,
    })
    .from(algorithmDeployment)
    .innerJoin(algorithmVersion, eq(algorithmVersion.id, algorithmDeployment.versionId))
    .leftJoin(previous, eq(previous.id, algorithmDeployment.previousVersionId))
    .where(eq(algorithmDeployment.algorithmId, id))
    .orderBy(desc(algorithmDeployment.id));
  return rows.map(({ deployment: d, versionNumber, previousVersionNumber }) =>
    toDeployment(d, versionNumber, previousVersionNumber ?? null),
  );
}

export function toDeployment(
  d: typeof algorithmDeployment.$inferSelect,
  versionNumber: number,
  previousVersionNumber: number | null,
): AiDeployment {
  return {
    id: d.id,
    versionId: d.versionId,
    versionNumber,
    previousVersionNumber,
    action: d.action as AiDeployment['action'],
    override: d.override,
    reason: d.reason,
    actor: d.actor,
    at: iso(d.at),
  };
}

/** Version numbers by id (for a deployment's answer). */
export async function versionNumbers(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: algorithmVersion.id, number: algorithmVersion.number })
    .from(algorithmVersion)
    .where(inArray(algorithmVersion.id, ids));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** The deployment history in order, for the roll-back target. */
export async function deploymentStack(db: Db, id: number) {
  return db
    .select({ action: algorithmDeployment.action, versionId: algorithmDeployment.versionId })
    .from(algorithmDeployment)
    .where(eq(algorithmDeployment.algorithmId, id))
    .orderBy(asc(algorithmDeployment.id));
}

/** The scene cameras the instance is set on (running or not). */
export async function instanceCameras(db: Db, id: number): Promise<AiInstanceCamera[]> {
  const rows = await db
    .select({
      sceneCameraAlgorithmId: sceneCameraAlgorithm.id,
      sceneId: scene.id,
      sceneName: scene.name,
      cameraId: camera.id,
      cameraName: camera.name,
      level: sceneCameraAlgorithm.level,
      running: sql<boolean>`(${running})`,
    })
    .from(sceneCameraAlgorithm)
    .innerJoin(sceneCamera, eq(sceneCamera.id, sceneCameraAlgorithm.sceneCameraId))
    .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .where(eq(sceneCameraAlgorithm.algorithmId, id))
    .orderBy(asc(scene.name), asc(camera.name), asc(sceneCameraAlgorithm.id));
  return rows.map((row) => ({ ...row, running: Boolean(row.running) }));
}

/** A version with its algorithm's state (for the engines' artefact download). */
export async function findVersion(db: Db, versionId: number) {
  const [row] = await db
    .select({ version: algorithmVersion, draft: algorithm.draft, enabled: algorithm.enabled })
    .from(algorithmVersion)
    .innerJoin(algorithm, eq(algorithm.id, algorithmVersion.algorithmId))
    .where(eq(algorithmVersion.id, versionId));
  return row;
}

export interface EngineSnapshotRow {
  id: number;
  code: string;
  name: string;
  version: {
    id: number;
    number: number;
    params: InstanceParams;
    sha256: string;
    sizeBytes: number;
  } | null;
  cameras: {
    sceneCameraAlgorithmId: number;
    sceneId: number;
    cameraId: number;
    cameraCode: string;
    level: number;
    zones: { name: string; points: [number, number][] }[];
  }[];
}

/** What every engine runs: enabled, non-draft instances, their live versions and running cameras. */
export async function engineSnapshot(db: Db): Promise<EngineSnapshotRow[]> {
  const instances = await db
    .select({
      id: algorithm.id,
      code: algorithm.code,
      name: algorithm.name,
      versionId: liveVersion.id,
      number: liveVersion.number,
      params: liveVersion.params,
      sha256: liveVersion.sha256,
      sizeBytes: liveVersion.sizeBytes,
    })
    .from(algorithm)
    .leftJoin(liveVersion, eq(liveVersion.id, algorithm.liveVersionId))
    .where(and(eq(algorithm.enabled, true), not(algorithm.draft)))
    .orderBy(asc(algorithm.id));
  const cameras = await db
    .select({
      algorithmId: sceneCameraAlgorithm.algorithmId,
      sceneCameraAlgorithmId: sceneCameraAlgorithm.id,
      sceneId: sceneCamera.sceneId,
      cameraId: camera.id,
      cameraCode: camera.code,
      level: sceneCameraAlgorithm.level,
    })
    .from(sceneCameraAlgorithm)
    .innerJoin(sceneCamera, eq(sceneCamera.id, sceneCameraAlgorithm.sceneCameraId))
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .innerJoin(algorithm, eq(algorithm.id, sceneCameraAlgorithm.algorithmId))
    .where(and(running, eq(algorithm.enabled, true), not(algorithm.draft)))
    .orderBy(asc(sceneCameraAlgorithm.id));
  const zones = cameras.length
    ? await db
        .select({
          owner: detectionZone.sceneCameraAlgorithmId,
          name: detectionZone.name,
          points: detectionZone.points,
        })
        .from(detectionZone)
        .where(
          inArray(
            detectionZone.sceneCameraAlgorithmId,
            cameras.map((c) => c.sceneCameraAlgorithmId),
          ),
        )
        .orderBy(asc(detectionZone.sceneCameraAlgorithmId), asc(detectionZone.sort), asc(detectionZone.id))
    : [];
  return instances.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    version:
      row.versionId !== null && row.number !== null && row.params && row.sha256 !== null
        ? {
            id: row.versionId,
            number: row.number,
            params: row.params,
            sha256: row.sha256,
            sizeBytes: Number(row.sizeBytes),
          }
        : null,
    cameras: cameras
      .filter((c) => c.algorithmId === row.id)
      .map(({ algorithmId: _, ...c }) => ({
        ...c,
        zones: zones
          .filter((z) => z.owner === c.sceneCameraAlgorithmId)
          .map((z) => ({ name: z.name, points: z.points })),
      })),
  }));
}
