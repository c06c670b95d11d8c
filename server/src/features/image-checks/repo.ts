import { and, count, desc, eq, gte, inArray, isNotNull, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, eventRecord, imageCheck, videoAlarm } from '../../db/schema/index.ts';
import { cameraCondition, type SceneAuthority } from '../../platform/scene-authority.ts';
import { pageOffset } from '../../platform/sql.ts';

/** SQL of the image checks (issue 14): the checker's reads and writes, the pages' list. */

export type ImageCheckInsert = typeof imageCheck.$inferInsert;
export type ImageCheckSelect = typeof imageCheck.$inferSelect;

/** The highest record id already checked of a source (the checker's cursor). */
export async function lastCheckedId(db: Db, source: 'alarm' | 'event'): Promise<number> {
  const [row] = await db
    .select({ last: max(imageCheck.recordId) })
    .from(imageCheck)
    .where(eq(imageCheck.source, source));
  return Number(row?.last ?? 0);
}

export function alarmsAfter(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: videoAlarm.id,
      cameraId: videoAlarm.cameraId,
      cameraName: videoAlarm.cameraName,
      occurredAt: videoAlarm.alarmTime,
      original: videoAlarm.alarmImage,
      drawn: videoAlarm.alarmImageDraw,
    })
    .from(videoAlarm)
    .where(sql`${videoAlarm.id} > ${afterId}`)
    .orderBy(videoAlarm.id)
    .limit(limit);
}

export function eventsAfter(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: eventRecord.id,
      cameraId: eventRecord.cameraId,
      cameraName: eventRecord.cameraName,
      occurredAt: eventRecord.eventTime,
      image: eventRecord.eventImg,
    })
    .from(eventRecord)
    .where(sql`${eventRecord.id} > ${afterId}`)
    .orderBy(eventRecord.id)
    .limit(limit);
}

/** Idempotent: a record's image already checked stays as it is. */
export async function insertChecks(db: Db, rows: ImageCheckInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(imageCheck).values(rows).onConflictDoNothing();
}

/** Retention with the alarms and events: checks of records that are gone are removed. */
export async function removeOrphans(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM image_check c WHERE
    (c.source = 'alarm' AND NOT EXISTS (SELECT 1 FROM video_alarm a WHERE a.id = c.record_id)) OR
    (c.source = 'event' AND NOT EXISTS (SELECT 1 FROM event_record e WHERE e.id = c.record_id))`);
}

export interface ImageCheckWhere {
  source: 'alarm' | 'event';
  cameraId: number;
  imageType: 'original' | 'drawn' | 'event' | 'allProblems';
  start: Date;
  end: Date;
  problemOnly: boolean;
  /** Scene authority: only checks of cameras the caller may see (platform/scene-authority.ts). */
  auth: SceneAuthority;
}

/** SQL: the check's camera is visible to `auth` (none for 'all' accounts). */
function visibleCamera(auth: SceneAuthority): SQL | undefined {
  if (auth.scenes === 'all') return undefined;
  return inArray(imageCheck.cameraId, sql`(${sqlOfVisibleCameras(auth)})`);
}

const sqlOfVisibleCameras = (auth: SceneAuthority) =>
  sql`select ${camera.id} from ${camera} where ${cameraCondition(auth) ?? sql`true`}`;

function whereOf(w: ImageCheckWhere, withProblem: boolean): SQL | undefined {
  return and(
    eq(imageCheck.source, w.source),
    eq(imageCheck.cameraId, w.cameraId),
    visibleCamera(w.auth),
    w.imageType === 'allProblems' ? undefined : eq(imageCheck.imageType, w.imageType),
    gte(imageCheck.occurredAt, w.start),
    lte(imageCheck.occurredAt, w.end),
    withProblem && (w.problemOnly || w.imageType === 'allProblems')
      ? isNotNull(imageCheck.problem)
      : undefined,
  );
}

export async function listChecks(db: Db, w: ImageCheckWhere, page: number, limit: number) {
  const where = whereOf(w, true);
  const [rows, [total], perProblem] = await Promise.all([
    db
      .select()
      .from(imageCheck)
      .where(where)
      .orderBy(desc(imageCheck.occurredAt), desc(imageCheck.id))
      .limit(limit)
      .offset(pageOffset(page, limit)),
    db.select({ n: count() }).from(imageCheck).where(where),
    db
      .select({ problem: imageCheck.problem, n: count() })
      .from(imageCheck)
      .where(whereOf(w, false))
      .groupBy(imageCheck.problem),
  ]);
  const counts: Record<string, number> = {};
  for (const p of perProblem) counts[p.problem ?? 'sound'] = Number(p.n);
  return { rows, total: Number(total?.n ?? 0), counts };
}
