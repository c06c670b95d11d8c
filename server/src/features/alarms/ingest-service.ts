import { randomBytes } from 'node:crypto';
import {
  ALARM_STATE,
  type AlarmItem,
  type Detection,
  detectionList,
  type FieldError,
  isPriorityCode,
  type MessageCode,
} from '@sentinel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { prepareRaw } from '../../db/prepared.ts';
import { alarmAction, algorithm, videoAlarm } from '../../db/schema/index.ts';
import { isForeignKeyViolation } from '../../platform/db-errors.ts';
import { type EngineRef, EVENT_ID_MAX, INGEST_IMAGE_MAX_BYTES } from '../../platform/engine-auth.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import {
  mediaRoot,
  removeMedia,
  resolveMediaPath,
  storeImage,
  writeNewMediaFile,
} from '../../platform/media.ts';
import { outboxInsertFrom } from '../outbound/index.ts';
import { cachedRefs, clearIngestRefCache, invalid, type Resolved } from './ingest-refs.ts';
import { type AlarmRow, toAlarmItem } from './mapper.ts';
import { rollupHourUpsertFrom, rollupSceneHourUpsertFrom, rollupUpsertFrom } from './rollup.ts';

/** Optional MP4 clip of the alarm. */
export const INGEST_CLIP_MAX_BYTES = 20 * 1024 * 1024;

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
  /** The engine's boxes: a JSON array of `detection` (class, confidence, normalised box), capped. */
  detections: z
    .string()
    .max(16 * 1024, { error: 'ingest.detections' })
    .transform((text, ctx): Detection[] => {
      // An empty field: no boxes (like the other optional text fields).
      if (text.trim() === '') return [];
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      const parsed = detectionList.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'ingest.detections' });
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

/** An MP4 has an `ftyp` box first: its type at offset 4. */
export function isMp4(buffer: Buffer): boolean {
  return buffer.length >= 12 && buffer.subarray(4, 8).toString('latin1') === 'ftyp';
}

async function storeClip(app: FastifyInstance, buffer: Buffer): Promise<string> {
  const path = `clip/${randomBytes(12).toString('hex')}.mp4`;
  const file = resolveMediaPath(mediaRoot(app), path);
  if (!file) throw new Error(`invalid media path ${path}`);
  await writeNewMediaFile(file, buffer);
  return path;
}

async function findDuplicate(db: Db, engineId: number, eventId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: videoAlarm.id })
    .from(videoAlarm)
    .where(and(eq(videoAlarm.engineId, engineId), eq(videoAlarm.engineEventId, eventId)));
  return row?.id;
}

/** Checks and stores the image, the drawn image and the clip side by side; all or nothing. */
async function storeFiles(
  app: FastifyInstance,
  files: IngestFiles,
): Promise<{ image: string; drawn: string; clip: string }> {
  const image = { subdir: 'alarm', maxBytes: INGEST_IMAGE_MAX_BYTES, keepOriginal: true };
  // Checked by content (sharp reads the header: JPEG or PNG, at most 40 megapixels); stored as
  // sent, not re-encoded (re-encoding a 100 KB image costs ~100 ms of CPU, 50× the rest of an ingest).
  const results = await Promise.allSettled([
    storeImage(app, { ...image, buffer: files.image }).then((s) => s.path),
    files.imageDraw ? storeImage(app, { ...image, buffer: files.imageDraw }).then((s) => s.path) : '',
    files.clip ? storeClip(app, files.clip) : '',
  ]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(
      results.map((r) => (r.status === 'fulfilled' && r.value ? removeMedia(app, r.value) : undefined)),
    );
    throw failed.reason;
  }
  const [imagePath = '', drawn = '', clip = ''] = results.map((r) =>
    r.status === 'fulfilled' ? r.value : '',
  );
  return { image: imagePath, drawn, clip };
}

const p = (name: string) => sql.placeholder(name);

/**
 * ONE statement (its own transaction): inserts the alarm (nothing on a repeated engine event id),
 * its 'ingest' timeline row, its daily, hourly and scene-hour rollup +1 and its outbound outbox row, and answers the new id — or, when the event id was
 * already committed, the existing id with `duplicate`. Prepared once per database handle: at
 * ingest rate, parsing and planning this statement on every call was a fair part of PostgreSQL's work.
 */
const insertAlarmSql = sql`
    WITH ins AS (
      INSERT INTO ${videoAlarm} (engine_id, engine_event_id, alarm_time, alarm_state, priority,
        algorithm_id, video_alarm_type_name, scene_id, scene_name, camera_id, camera_name, area_id,
        area_name, factory_id, factory_name, alarm_result, extra_info_name, extra_info,
        history_assignment_id, job_number, alarm_image, alarm_image_draw, alarm_video, created_at,
        detections, algorithm_version_id)
      VALUES (${p('engineId')}::bigint, ${p('engineEventId')}::text, ${p('alarmTime')}::timestamptz,
        ${p('alarmState')}::int, ${p('priority')}::int, ${p('algorithmId')}::bigint,
        ${p('videoAlarmTypeName')}::text, ${p('sceneId')}::bigint, ${p('sceneName')}::text,
        ${p('cameraId')}::bigint, ${p('cameraName')}::text, ${p('areaId')}::bigint, ${p('areaName')}::text,
        ${p('factoryId')}::bigint, ${p('factoryName')}::text, ${p('alarmResult')}::text,
        ${p('extraInfoName')}::text, ${p('extraInfo')}::jsonb, ${p('historyAssignmentId')}::bigint,
        ${p('jobNumber')}::text, ${p('alarmImage')}::text, ${p('alarmImageDraw')}::text,
        ${p('alarmVideo')}::text, ${p('createdAt')}::timestamptz, ${p('detections')}::jsonb,
        -- The version that raised it: the algorithm's live version at this moment (issue 13 §3).
        (SELECT live_version_id FROM ${algorithm} WHERE id = ${p('algorithmId')}::int))
      ON CONFLICT (engine_id, engine_event_id) DO NOTHING
      RETURNING *
    ),
    timeline AS (
      INSERT INTO ${alarmAction} (alarm_id, action, from_state, to_state, account_name, created_at,
        alarm_time, priority, scene_id)
      SELECT id, 'ingest', NULL, alarm_state, ${p('engineName')}::text, created_at, alarm_time, priority,
        scene_id FROM ins
    ),
    rollup AS (${rollupUpsertFrom('ins')}),
    rollup_hour AS (${rollupHourUpsertFrom('ins')}),
    rollup_scene_hour AS (${rollupSceneHourUpsertFrom('ins')}),
    -- Data upload (issue 16 §4): the outbox row commits with the alarm, or neither does.
    outbox AS (${outboxInsertFrom('ins')})
    SELECT id, false AS duplicate, algorithm_version_id FROM ins
    UNION ALL
    SELECT id, true, algorithm_version_id FROM ${videoAlarm}
    WHERE engine_id = ${p('engineId')}::bigint AND engine_event_id = ${p('engineEventId')}::text
      AND NOT EXISTS (SELECT 1 FROM ins)`;

type InsertAlarmRow = { id: string | number; duplicate: boolean; algorithm_version_id: number | null };
const insertStatements = new WeakMap<Db, ReturnType<typeof prepareRaw<InsertAlarmRow>>>();

/** No row at all: a concurrent delivery of the same event id is committing right now (the caller looks it up after). */
async function insertAlarm(
  db: Db,
  row: Omit<AlarmRow, 'id'>,
  source: EngineRef,
): Promise<{ id: number; duplicate: boolean; versionId: number | null } | undefined> {
  let statement = insertStatements.get(db);
  if (!statement) {
    statement = prepareRaw<InsertAlarmRow>(db, 'ingest_alarm', insertAlarmSql);
    insertStatements.set(db, statement);
  }
  const at = (d: Date | null) => (d ? d.toISOString() : null);
  const { rows } = await statement({
    ...row,
    alarmTime: at(row.alarmTime),
    createdAt: at(row.createdAt),
    extraInfo: JSON.stringify(row.extraInfo),
    detections: JSON.stringify(row.detections),
    engineName: source.name,
  });
  // bigserial may arrive as a string.
  const first = rows[0];
  return first
    ? {
        id: Number(first.id),
        duplicate: Boolean(first.duplicate),
        versionId: first.algorithm_version_id === null ? null : Number(first.algorithm_version_id),
      }
    : undefined;
}

/**
 * Accepts one alarm of an engine (the ingest route and the demo simulator both come here):
 * resolves the references (cached briefly), checks the files by content and stores them, then in
 * ONE statement inserts the alarm, its 'ingest' timeline row and its rollup counter. A repeated
 * engine event id answers the existing alarm (`duplicate: true`), keeps nothing of the repeat.
 * The answer comes after the commit (accepted means committed); `alarm.created` is published then.
 */
export async function ingestAlarm(
  app: FastifyInstance,
  source: EngineRef,
  input: IngestFields,
  files: IngestFiles,
): Promise<IngestResult> {
  let refs = await cachedRefs(app, input);
  if (files.clip) {
    if (files.clip.length > INGEST_CLIP_MAX_BYTES) throw new AppError(413, 'error.tooLarge');
    if (!isMp4(files.clip)) throw invalid('clip');
  }
  const stored = await storeFiles(app, files);
  const cleanup = () =>
    Promise.all([stored.image, stored.drawn, stored.clip].map((p) => removeMedia(app, p)));

  const now = app.appConfig.now();
  const rowOf = (r: Resolved): Omit<AlarmRow, 'id'> => ({
    engineId: source.id,
    engineEventId: input.eventId,
    alarmTime: input.alarmTime ? new Date(input.alarmTime) : now,
    alarmState: input.requireApproval ? ALARM_STATE.awaitingApproval : ALARM_STATE.pending,
    priority: input.priority ?? r.algorithm.defaultLevel,
    algorithmId: r.algorithm.id,
    // Set by the insert (the live version at that moment).
    algorithmVersionId: null,
    videoAlarmTypeName: r.algorithm.name,
    sceneId: r.scene?.id ?? null,
    sceneName: r.scene?.name ?? '',
    cameraId: r.camera.id,
    cameraName: r.camera.name,
    areaId: r.area?.id ?? null,
    areaName: r.area?.name ?? '',
    factoryId: r.factory?.id ?? null,
    factoryName: r.factory?.name ?? '',
    alarmResult: input.alarmResult ?? '',
    extraInfoName: input.extraInfoName ?? '',
    extraInfo: input.extraInfo ?? {},
    historyAssignmentId: input.historyAssignmentId ?? null,
    jobNumber: input.jobNumber ?? '',
    stateComments: '',
    alarmImage: stored.image,
    alarmImageDraw: stored.drawn,
    alarmVideo: stored.clip,
    detections: input.detections ?? [],
    falsePositive: false,
    handlerId: null,
    handler: '',
    handleTime: null,
    approverId: null,
    approver: '',
    approveTime: null,
    version: 0,
    createdAt: now,
  });

  let row = rowOf(refs);
  let outcome: { id: number; duplicate: boolean; versionId: number | null } | undefined;
  try {
    try {
      outcome = await insertAlarm(app.db, row, source);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      // A cached camera, scene or algorithm was deleted meanwhile: look everything up again.
      clearIngestRefCache(app);
      refs = await cachedRefs(app, input);
      row = rowOf(refs);
      outcome = await insertAlarm(app.db, row, source);
    }
  } catch (error) {
    await cleanup();
    throw error;
  }

  if (!outcome || outcome.duplicate) {
    await cleanup();
    // Delivered twice at the same moment: the other delivery won the unique constraint.
    const id = outcome?.id ?? (await findDuplicate(app.db, source.id, input.eventId));
    if (id === undefined) throw new Error('duplicate alarm vanished');
    return { id, duplicate: true };
  }
  await publishCreated(app, toAlarmItem({ ...row, id: outcome.id, algorithmVersionId: outcome.versionId }));
  return { id: outcome.id, duplicate: false };
}

/** Accepted means committed: a failed publication is logged, never turned into a failed ingest. */
async function publishCreated(app: FastifyInstance, item: AlarmItem): Promise<void> {
  // The totals and the day's analysis partials of this instance at once; the others' when the
  // event reaches them.
  app.alarmCounts.clear();
  app.dayPartials.dropTime(Date.parse(item.alarmTime));
  try {
    // Scene audience: the stream hands it only to accounts whose scene authority covers it.
    await app.bus.publish({ type: 'alarm.created', data: item, audience: { sceneId: item.sceneId } });
  } catch (error) {
    app.log.error({ err: error, alarmId: item.id }, 'alarm.created publication failed');
  }
}
