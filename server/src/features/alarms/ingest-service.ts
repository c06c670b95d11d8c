import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  ALARM_STATE,
  type AlarmItem,
  type FieldError,
  isPriorityCode,
  type MessageCode,
} from '@sentinel/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  alarmAction,
  algorithm,
  camera,
  engine,
  plantNode,
  scene,
  sceneCamera,
  videoAlarm,
} from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { mediaRoot, removeMedia, resolveMediaPath, storeImage } from '../../platform/media.ts';
import { toAlarmItem } from './mapper.ts';
import { bumpRollup } from './rollup.ts';

/** Engines' alarm images (original and drawn) may be larger than UI uploads. */
export const INGEST_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Optional MP4 clip of the alarm. */
export const INGEST_CLIP_MAX_BYTES = 20 * 1024 * 1024;
export const EVENT_ID_MAX = 100;

/** The authenticated engine of an ingest call. */
export interface EngineRef {
  id: number;
  name: string;
}

const optionalInt = z.coerce.number({ error: 'field.invalid' }).int({ error: 'field.invalid' }).positive({
  error: 'field.invalid',
});
const optionalText = (max: number) => z.string().trim().max(max, { error: 'field.tooLong' }).optional();

/** The text fields of an ingest call (multipart values are strings). */
export const ingestFields = z.object({
  eventId: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(EVENT_ID_MAX, { error: 'field.tooLong' }),
  alarmTime: z.iso.datetime({ offset: true, error: 'field.invalid' }).optional(),
  priority: z.coerce
    .number({ error: 'field.invalid' })
    .refine((v) => isPriorityCode(v), { error: 'field.invalid' })
    .optional(),
  algorithmCode: optionalText(100),
  algorithmId: optionalInt.optional(),
  sceneId: optionalInt.optional(),
  cameraId: optionalInt.optional(),
  cameraCode: optionalText(100),
  alarmResult: optionalText(500),
  extraInfoName: optionalText(100),
  extraInfo: z
    .string()
    .max(16 * 1024, { error: 'field.tooLong' })
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value))
          return value as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'field.invalid' });
      return z.NEVER;
    })
    .optional(),
  historyAssignmentId: optionalInt.optional(),
  jobNumber: optionalText(100),
  requireApproval: z
    .enum(['true', 'false', '1', '0', ''], { error: 'field.invalid' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type IngestFields = z.infer<typeof ingestFields>;

export interface IngestFiles {
  image: Buffer;
  imageDraw?: Buffer;
  clip?: Buffer;
}

export interface IngestResult {
  id: number;
  duplicate: boolean;
}

/** Parses multipart text fields; 400 with field errors (message codes) when they are wrong. */
export function parseIngestFields(values: Record<string, string>): IngestFields {
  const parsed = ingestFields.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields: FieldError[] = parsed.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: (issue.message.includes('.') ? issue.message : 'field.invalid') as FieldError['message'],
  }));
  throw badRequest((fields[0]?.message ?? 'field.invalid') as MessageCode, fields);
}

export const hashEngineKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The enabled engine holding this API key (and its last-seen time updated), or 401 'engine.invalidKey'. */
export async function authenticateEngine(app: FastifyInstance, key: string | undefined): Promise<EngineRef> {
  if (!key || key.length > 200) throw new AppError(401, 'engine.invalidKey');
  const [row] = await app.db
    .update(engine)
    .set({ lastSeenAt: app.appConfig.now() })
    .where(and(eq(engine.keyHash, hashEngineKey(key)), eq(engine.enabled, true)))
    .returning({ id: engine.id, name: engine.name });
  if (!row) throw new AppError(401, 'engine.invalidKey');
  return row;
}

const invalid = (field: string) => badRequest('field.invalid', [{ field, message: 'field.invalid' }]);

/** An MP4 has an `ftyp` box first: its type at offset 4. */
export function isMp4(buffer: Buffer): boolean {
  return buffer.length >= 12 && buffer.subarray(4, 8).toString('latin1') === 'ftyp';
}

async function storeClip(app: FastifyInstance, buffer: Buffer): Promise<string> {
  const path = `clip/${randomBytes(12).toString('hex')}.mp4`;
  const file = resolveMediaPath(mediaRoot(app), path);
  if (!file) throw new Error(`invalid media path ${path}`);
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, buffer);
  await rename(temporary, file);
  return path;
}

/** The top of a plant node's tree (the factory): id and name. */
async function rootOf(db: Db, nodeId: number): Promise<{ id: number; name: string } | undefined> {
  const result = await db.execute<{ id: number; name: string }>(sql`
    WITH RECURSIVE up(id, parent_id, name, depth) AS (
      SELECT id, parent_id, name, 0 FROM ${plantNode} WHERE id = ${nodeId}
      UNION ALL
      SELECT p.id, p.parent_id, p.name, up.depth + 1 FROM ${plantNode} p JOIN up ON p.id = up.parent_id
      WHERE up.depth < 32
    )
    SELECT id, name FROM up WHERE parent_id IS NULL LIMIT 1`);
  // Both drivers (pg and PGlite) answer `{ rows }`.
  const row = (result as unknown as { rows: { id: number; name: string }[] }).rows[0];
  return row ? { id: Number(row.id), name: String(row.name) } : undefined;
}

interface Resolved {
  camera: { id: number; name: string; areaId: number | null };
  scene: { id: number; name: string; areaId: number | null } | undefined;
  algorithm: { id: number; name: string; defaultLevel: number };
  area: { id: number; name: string } | undefined;
  factory: { id: number; name: string } | undefined;
}

/** Looks up camera, scene, algorithm, area and factory; 400 when a given reference is unknown. */
async function resolveRefs(db: Db, input: IngestFields): Promise<Resolved> {
  const cameraWhere =
    input.cameraId !== undefined
      ? eq(camera.id, input.cameraId)
      : input.cameraCode
        ? eq(camera.code, input.cameraCode)
        : undefined;
  if (!cameraWhere) throw badRequest('field.required', [{ field: 'cameraId', message: 'field.required' }]);
  const [cam] = await db
    .select({ id: camera.id, name: camera.name, areaId: camera.areaId })
    .from(camera)
    .where(cameraWhere);
  if (!cam) throw invalid(input.cameraId !== undefined ? 'cameraId' : 'cameraCode');

  const algorithmWhere =
    input.algorithmId !== undefined
      ? eq(algorithm.id, input.algorithmId)
      : input.algorithmCode
        ? eq(algorithm.code, input.algorithmCode)
        : undefined;
  if (!algorithmWhere)
    throw badRequest('field.required', [{ field: 'algorithmCode', message: 'field.required' }]);
  const [alg] = await db
    .select({ id: algorithm.id, name: algorithm.name, defaultLevel: algorithm.defaultLevel })
    .from(algorithm)
    .where(algorithmWhere);
  if (!alg) throw invalid(input.algorithmId !== undefined ? 'algorithmId' : 'algorithmCode');

  const sceneColumns = { id: scene.id, name: scene.name, areaId: scene.areaId };
  let sc: Resolved['scene'];
  if (input.sceneId !== undefined) {
    [sc] = await db.select(sceneColumns).from(scene).where(eq(scene.id, input.sceneId));
    if (!sc) throw invalid('sceneId');
  } else {
    // Without a scene: the camera's first scene, if it belongs to one.
    [sc] = await db
      .select(sceneColumns)
      .from(sceneCamera)
      .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
      .where(eq(sceneCamera.cameraId, cam.id))
      .orderBy(asc(sceneCamera.id))
      .limit(1);
  }

  const areaId = cam.areaId ?? sc?.areaId ?? null;
  let area: Resolved['area'];
  let factory: Resolved['factory'];
  if (areaId !== null) {
    [area] = await db
      .select({ id: plantNode.id, name: plantNode.name })
      .from(plantNode)
      .where(eq(plantNode.id, areaId));
    if (area) factory = await rootOf(db, area.id);
  }
  return {
    camera: cam,
    scene: sc,
    algorithm: { ...alg, defaultLevel: Number(alg.defaultLevel) },
    area,
    factory,
  };
}

async function findDuplicate(db: Db, engineId: number, eventId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: videoAlarm.id })
    .from(videoAlarm)
    .where(and(eq(videoAlarm.engineId, engineId), eq(videoAlarm.engineEventId, eventId)));
  return row?.id;
}

/**
 * Accepts one alarm of an engine (the ingest route and the demo simulator both come here):
 * checks the files by content, stores them, then in ONE transaction inserts the alarm, its
 * 'ingest' timeline row and its rollup counter. A repeated engine event id answers the existing
 * alarm (`duplicate: true`) and inserts nothing. `alarm.created` is published after the commit.
 */
export async function ingestAlarm(
  app: FastifyInstance,
  source: EngineRef,
  input: IngestFields,
  files: IngestFiles,
): Promise<IngestResult> {
  const existing = await findDuplicate(app.db, source.id, input.eventId);
  if (existing !== undefined) return { id: existing, duplicate: true };

  const refs = await resolveRefs(app.db, input);
  if (files.clip) {
    if (files.clip.length > INGEST_CLIP_MAX_BYTES) throw new AppError(413, 'error.tooLarge');
    if (!isMp4(files.clip)) throw invalid('clip');
  }

  const stored: string[] = [];
  const cleanup = () => Promise.all(stored.map((path) => removeMedia(app, path)));
  let row: typeof videoAlarm.$inferSelect | undefined;
  try {
    const image = await storeImage(app, {
      buffer: files.image,
      subdir: 'alarm',
      maxBytes: INGEST_IMAGE_MAX_BYTES,
      // Checked by content; not re-encoded (ingest throughput: re-encoding costs ~100 ms an image).
      keepOriginal: true,
    });
    stored.push(image.path);
    const drawn = files.imageDraw
      ? await storeImage(app, {
          buffer: files.imageDraw,
          subdir: 'alarm',
          maxBytes: INGEST_IMAGE_MAX_BYTES,
          keepOriginal: true,
        })
      : undefined;
    if (drawn) stored.push(drawn.path);
    const clip = files.clip ? await storeClip(app, files.clip) : '';
    if (clip) stored.push(clip);

    const now = app.appConfig.now();
    const state = input.requireApproval ? ALARM_STATE.awaitingApproval : ALARM_STATE.pending;
    row = await app.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(videoAlarm)
        .values({
          engineId: source.id,
          engineEventId: input.eventId,
          alarmTime: input.alarmTime ? new Date(input.alarmTime) : now,
          alarmState: state,
          priority: input.priority ?? refs.algorithm.defaultLevel,
          algorithmId: refs.algorithm.id,
          videoAlarmTypeName: refs.algorithm.name,
          sceneId: refs.scene?.id ?? null,
          sceneName: refs.scene?.name ?? '',
          cameraId: refs.camera.id,
          cameraName: refs.camera.name,
          areaId: refs.area?.id ?? null,
          areaName: refs.area?.name ?? '',
          factoryId: refs.factory?.id ?? null,
          factoryName: refs.factory?.name ?? '',
          alarmResult: input.alarmResult ?? '',
          extraInfoName: input.extraInfoName ?? '',
          extraInfo: input.extraInfo ?? {},
          historyAssignmentId: input.historyAssignmentId ?? null,
          jobNumber: input.jobNumber ?? '',
          alarmImage: image.path,
          alarmImageDraw: drawn?.path ?? '',
          alarmVideo: clip,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [videoAlarm.engineId, videoAlarm.engineEventId] })
        .returning();
      if (!inserted) return undefined;
      await tx.insert(alarmAction).values({
        alarmId: inserted.id,
        action: 'ingest',
        fromState: null,
        toState: inserted.alarmState,
        accountName: source.name,
        createdAt: now,
      });
      await bumpRollup(tx, inserted, 1);
      return inserted;
    });
  } catch (error) {
    await cleanup();
    throw error;
  }

  if (!row) {
    // Delivered twice at the same moment: the other delivery won the unique constraint.
    await cleanup();
    const id = await findDuplicate(app.db, source.id, input.eventId);
    if (id === undefined) throw new Error('duplicate alarm vanished');
    return { id, duplicate: true };
  }
  await publishCreated(app, toAlarmItem(row));
  return { id: row.id, duplicate: false };
}

/** Accepted means committed: a failed publication is logged, never turned into a failed ingest. */
async function publishCreated(app: FastifyInstance, item: AlarmItem): Promise<void> {
  try {
    await app.bus.publish({ type: 'alarm.created', data: item });
  } catch (error) {
    app.log.error({ err: error, alarmId: item.id }, 'alarm.created publication failed');
  }
}
