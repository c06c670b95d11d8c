import { type FieldError, isPriorityCode, type MessageCode } from '@sentinel/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  camera,
  dcsAlarm,
  dcsPoint,
  eventRecord,
  historyAssignment,
  plantNode,
  scene,
  sceneCamera,
} from '../../db/schema/index.ts';
import { type EngineRef, EVENT_ID_MAX, INGEST_IMAGE_MAX_BYTES } from '../../platform/engine-auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { removeMedia, storeImage } from '../../platform/media.ts';
import { toDcsAlarmItem, toEventItem } from './mapper.ts';

export interface IngestResult {
  id: number;
  duplicate: boolean;
}

const id = z.coerce.number({ error: 'field.invalid' }).int({ error: 'field.invalid' }).positive({
  error: 'field.invalid',
});
const text = (max: number) => z.string().trim().max(max, { error: 'field.tooLong' }).optional();
const eventId = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(EVENT_ID_MAX, { error: 'field.tooLong' });
const time = z.iso.datetime({ offset: true, error: 'field.invalid' }).optional();
const jsonObject = z
  .string()
  .max(16 * 1024, { error: 'field.tooLong' })
  .transform((value, ctx) => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'field.invalid' });
    return z.NEVER;
  })
  .optional();

/** Text fields of `ingest/event` (multipart values are strings). */
export const eventFields = z.object({
  eventId,
  eventName: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(100, { error: 'field.tooLong' }),
  eventTime: time,
  sceneId: id.optional(),
  cameraId: id.optional(),
  historyAssignmentId: id.optional(),
  extraInfo: jsonObject,
});
export type EventFields = z.infer<typeof eventFields>;

/** Fields of `ingest/dcsAlarm` (JSON, or multipart strings). */
export const dcsFields = z.object({
  eventId,
  tag: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(100, { error: 'field.tooLong' }),
  value: z.coerce.number({ error: 'field.invalid' }).finite({ error: 'field.invalid' }),
  priority: z.coerce
    .number({ error: 'field.invalid' })
    .refine((v) => isPriorityCode(v), { error: 'field.invalid' })
    .optional(),
  message: text(500),
  sceneId: id.optional(),
  alarmTime: time,
});
export type DcsFields = z.infer<typeof dcsFields>;

/** Parses ingest fields; 400 with field errors (message codes) when they are wrong. */
export function parseFields<S extends z.ZodType>(schema: S, values: unknown): z.infer<S> {
  const parsed = schema.safeParse(values ?? {});
  if (parsed.success) return parsed.data;
  const fields: FieldError[] = parsed.error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: (issue.message.includes('.') ? issue.message : 'field.invalid') as FieldError['message'],
  }));
  throw badRequest((fields[0]?.message ?? 'field.invalid') as MessageCode, fields);
}

const invalid = (field: string) => badRequest('field.invalid', [{ field, message: 'field.invalid' }]);

async function findSceneRef(db: Db, sceneId: number) {
  const [row] = await db.select({ id: scene.id, name: scene.name }).from(scene).where(eq(scene.id, sceneId));
  if (!row) throw invalid('sceneId');
  return row;
}

/** Publication after the commit: a failure is logged, never turned into a failed ingest. */
async function publish(
  app: FastifyInstance,
  type: string,
  data: unknown,
  sceneId: number | null,
): Promise<void> {
  try {
    await app.bus.publish({ type, data, audience: { sceneId } });
  } catch (error) {
    app.log.error({ err: error, type }, 'ingest publication failed');
  }
}

async function existingEvent(db: Db, engineId: number, engineEventId: string) {
  const [row] = await db
    .select({ id: eventRecord.id })
    .from(eventRecord)
    .where(and(eq(eventRecord.engineId, engineId), eq(eventRecord.engineEventId, engineEventId)));
  return row?.id;
}

/**
 * Accepts one event of an engine: a repeated event id answers the existing record; references
 * are checked (400), the image by content and size (400/413), then the row is committed and
 * `event.created` published to the accounts that see its scene.
 */
export async function ingestEvent(
  app: FastifyInstance,
  source: EngineRef,
  input: EventFields,
  image: Buffer,
): Promise<IngestResult> {
  const db = app.db;
  const existing = await existingEvent(db, source.id, input.eventId);
  if (existing !== undefined) return { id: existing, duplicate: true };

  let cam: { id: number; name: string } | undefined;
  if (input.cameraId !== undefined) {
    [cam] = await db
      .select({ id: camera.id, name: camera.name })
      .from(camera)
      .where(eq(camera.id, input.cameraId));
    if (!cam) throw invalid('cameraId');
  }
  let sc: { id: number; name: string } | undefined;
  if (input.sceneId !== undefined) sc = await findSceneRef(db, input.sceneId);
  else if (cam) {
    // Without a scene: the camera's first scene, if it belongs to one.
    [sc] = await db
      .select({ id: scene.id, name: scene.name })
      .from(sceneCamera)
      .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
      .where(eq(sceneCamera.cameraId, cam.id))
      .orderBy(asc(sceneCamera.id))
      .limit(1);
  }
  if (input.historyAssignmentId !== undefined) {
    const [job] = await db
      .select({ id: historyAssignment.id })
      .from(historyAssignment)
      .where(eq(historyAssignment.id, input.historyAssignmentId));
    if (!job) throw invalid('historyAssignmentId');
  }

  const stored = await storeImage(app, {
    buffer: image,
    subdir: 'event',
    maxBytes: INGEST_IMAGE_MAX_BYTES,
    keepOriginal: true,
  });
  let row: typeof eventRecord.$inferSelect | undefined;
  try {
    const now = app.appConfig.now();
    [row] = await db
      .insert(eventRecord)
      .values({
        engineId: source.id,
        engineEventId: input.eventId,
        eventName: input.eventName,
        eventTime: input.eventTime ? new Date(input.eventTime) : now,
        eventImg: stored.path,
        sceneId: sc?.id ?? null,
        sceneName: sc?.name ?? '',
        cameraId: cam?.id ?? null,
        cameraName: cam?.name ?? '',
        historyAssignmentId: input.historyAssignmentId ?? null,
        extraInfo: input.extraInfo ?? {},
        createdAt: now,
      })
      .onConflictDoNothing({ target: [eventRecord.engineId, eventRecord.engineEventId] })
      .returning();
  } catch (error) {
    await removeMedia(app, stored.path);
    throw error;
  }
  if (!row) {
    // Delivered twice at the same moment: the other delivery won the unique constraint.
    await removeMedia(app, stored.path);
    const id = await existingEvent(db, source.id, input.eventId);
    if (id === undefined) throw new Error('duplicate event vanished');
    return { id, duplicate: true };
  }
  await publish(app, 'event.created', toEventItem(row), row.sceneId);
  return { id: row.id, duplicate: false };
}

async function existingDcs(db: Db, engineId: number, engineEventId: string) {
  const [row] = await db
    .select({ id: dcsAlarm.id })
    .from(dcsAlarm)
    .where(and(eq(dcsAlarm.engineId, engineId), eq(dcsAlarm.engineEventId, engineEventId)));
  return row?.id;
}

/**
 * Accepts one DCS alarm: the tag is looked up in the DCS points (name, unit, limits and area
 * copied), then the row is committed and `dcsAlarm.created` published.
 */
export async function ingestDcsAlarm(
  app: FastifyInstance,
  source: EngineRef,
  input: DcsFields,
): Promise<IngestResult> {
  const db = app.db;
  const existing = await existingDcs(db, source.id, input.eventId);
  if (existing !== undefined) return { id: existing, duplicate: true };

  const [point] = await db
    .select({
      id: dcsPoint.id,
      name: dcsPoint.name,
      unit: dcsPoint.unit,
      lowLimit: dcsPoint.lowLimit,
      highLimit: dcsPoint.highLimit,
      areaId: dcsPoint.areaId,
      areaName: plantNode.name,
    })
    .from(dcsPoint)
    .leftJoin(plantNode, eq(plantNode.id, dcsPoint.areaId))
    .where(eq(dcsPoint.tag, input.tag));
  if (!point) throw invalid('tag');
  const sc = input.sceneId !== undefined ? await findSceneRef(db, input.sceneId) : undefined;

  const now = app.appConfig.now();
  const [row] = await db
    .insert(dcsAlarm)
    .values({
      engineId: source.id,
      engineEventId: input.eventId,
      dcsPointId: point.id,
      tag: input.tag,
      pointName: point.name,
      unit: point.unit,
      value: input.value,
      lowLimit: point.lowLimit,
      highLimit: point.highLimit,
      priority: input.priority ?? 120002,
      message: input.message ?? '',
      areaId: point.areaId,
      areaName: point.areaName ?? '',
      sceneId: sc?.id ?? null,
      sceneName: sc?.name ?? '',
      alarmTime: input.alarmTime ? new Date(input.alarmTime) : now,
      alarmState: 1,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [dcsAlarm.engineId, dcsAlarm.engineEventId] })
    .returning();
  if (!row) {
    const id = await existingDcs(db, source.id, input.eventId);
    if (id === undefined) throw new Error('duplicate DCS alarm vanished');
    return { id, duplicate: true };
  }
  await publish(app, 'dcsAlarm.created', toDcsAlarmItem(row), row.sceneId);
  return { id: row.id, duplicate: false };
}
