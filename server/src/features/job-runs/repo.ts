import {
  JOB_RUN_TIMELINE_MAX,
  type JobRunItem,
  type JobRunListQuery,
  type JobRunTimelineEntry,
} from '@sentinel/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventRecord, fixedOperation, historyAssignment, scene, videoAlarm } from '../../db/schema/index.ts';
import { mediaUrl } from '../../platform/media.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

export type JobRunRow = typeof historyAssignment.$inferSelect;

/** A stored media path becomes its URL; absolute URLs (or '') are kept as they are. */
export function mediaOf(value: string): string {
  if (!value || value.startsWith('/') || /^https?:\/\//.test(value)) return value;
  return mediaUrl(value);
}

export function toJobRunItem(row: JobRunRow): JobRunItem {
  return {
    id: row.id,
    jobNumber: row.jobNumber,
    jobName: row.jobName,
    sceneId: row.sceneId,
    sceneName: row.sceneName,
    fixedOperationId: row.fixedOperationId,
    areaName: row.areaName,
    state: row.state,
    detection: row.detection,
    startTime: row.startTime ? row.startTime.toISOString() : null,
    endTime: row.endTime ? row.endTime.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Scene authority on the run's scene: nothing for 'all', `scene_id IN (…)` or false otherwise. */
function sceneAuthority(scenes: VisibleScenes): SQL | undefined {
  if (scenes === 'all') return undefined;
  return scenes.length ? inArray(historyAssignment.sceneId, scenes) : sql`false`;
}

export function runConditions(query: JobRunListQuery, scenes: VisibleScenes): SQL | undefined {
  const c: (SQL | undefined)[] = [sceneAuthority(scenes)];
  if (query.startTime && query.endTime) {
    c.push(gte(historyAssignment.startTime, new Date(query.startTime)));
    c.push(lte(historyAssignment.startTime, new Date(query.endTime)));
  }
  if (query.sceneId !== undefined) c.push(eq(historyAssignment.sceneId, query.sceneId));
  if (query.state !== undefined) c.push(eq(historyAssignment.state, query.state));
  if (query.detection !== undefined) c.push(eq(historyAssignment.detection, query.detection));
  c.push(keywordMatch(query.jobNumber, [historyAssignment.jobNumber, historyAssignment.jobName]));
  return and(...c);
}

/** Newest first: by start time (a run not started yet: its creation time), then id. */
const newestFirst = [
  desc(sql`coalesce(${historyAssignment.startTime}, ${historyAssignment.createdAt})`),
  desc(historyAssignment.id),
];

export async function listRuns(
  db: Db,
  query: JobRunListQuery,
  scenes: VisibleScenes,
): Promise<{ rows: JobRunRow[]; count: number }> {
  const where = runConditions(query, scenes);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(historyAssignment)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(historyAssignment).where(where),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/** Whether a scene with this id exists. */
export async function sceneExists(db: Db, sceneId: number): Promise<boolean> {
  const rows = await db.select({ id: scene.id }).from(scene).where(eq(scene.id, sceneId));
  return rows.length > 0;
}

/** A fixed operation's id and scene. */
export async function findFixedOperation(db: Db, id: number) {
  const [row] = await db
    .select({ id: fixedOperation.id, sceneId: fixedOperation.sceneId })
    .from(fixedOperation)
    .where(eq(fixedOperation.id, id));
  return row;
}

export async function findRun(db: Db, id: number): Promise<JobRunRow | undefined> {
  const [row] = await db.select().from(historyAssignment).where(eq(historyAssignment.id, id));
  return row;
}

export async function findEngineRun(db: Db, engineId: number, runId: string): Promise<JobRunRow | undefined> {
  const [row] = await db
    .select()
    .from(historyAssignment)
    .where(and(eq(historyAssignment.engineId, engineId), eq(historyAssignment.engineRunId, runId)));
  return row;
}

/** The scene's last run (latest start, else latest created). */
export async function lastRunOfScene(db: Db, sceneId: number): Promise<JobRunRow | undefined> {
  const [row] = await db
    .select()
    .from(historyAssignment)
    .where(eq(historyAssignment.sceneId, sceneId))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

/** The fixed operation's last run. */
export async function lastRunOfFixedOperation(
  db: Db,
  fixedOperationId: number,
): Promise<JobRunRow | undefined> {
  const [row] = await db
    .select()
    .from(historyAssignment)
    .where(eq(historyAssignment.fixedOperationId, fixedOperationId))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

export async function countsOfRun(
  db: Db,
  runId: number,
): Promise<{ eventCount: number; alarmCount: number }> {
  const [events, alarms] = await Promise.all([
    db.select({ n: count() }).from(eventRecord).where(eq(eventRecord.historyAssignmentId, runId)),
    db.select({ n: count() }).from(videoAlarm).where(eq(videoAlarm.historyAssignmentId, runId)),
  ]);
  return { eventCount: Number(events[0]?.n ?? 0), alarmCount: Number(alarms[0]?.n ?? 0) };
}

/** Alarms of a run, newest first. */
export async function alarmsOfRun(db: Db, runId: number, limit: number) {
  return db
    .select()
    .from(videoAlarm)
    .where(eq(videoAlarm.historyAssignmentId, runId))
    .orderBy(desc(videoAlarm.alarmTime), desc(videoAlarm.id))
    .limit(limit);
}

/** Events and alarms of a run merged oldest first (each kind capped at JOB_RUN_TIMELINE_MAX). */
export async function timelineOfRun(db: Db, runId: number): Promise<JobRunTimelineEntry[]> {
  const [events, alarms] = await Promise.all([
    db
      .select()
      .from(eventRecord)
      .where(eq(eventRecord.historyAssignmentId, runId))
      .orderBy(asc(eventRecord.eventTime), asc(eventRecord.id))
      .limit(JOB_RUN_TIMELINE_MAX),
    db
      .select()
      .from(videoAlarm)
      .where(eq(videoAlarm.historyAssignmentId, runId))
      .orderBy(asc(videoAlarm.alarmTime), asc(videoAlarm.id))
      .limit(JOB_RUN_TIMELINE_MAX),
  ]);
  const entries: JobRunTimelineEntry[] = [
    ...events.map((e) => ({
      kind: 'event' as const,
      id: e.id,
      time: e.eventTime.toISOString(),
      name: e.eventName,
      level: null,
      state: null,
      cameraName: e.cameraName,
      image: mediaOf(e.eventImg),
      imageDraw: '',
      result: '',
    })),
    ...alarms.map((a) => ({
      kind: 'alarm' as const,
      id: a.id,
      time: a.alarmTime.toISOString(),
      name: a.videoAlarmTypeName,
      level: a.priority,
      state: a.alarmState,
      cameraName: a.cameraName,
      image: mediaOf(a.alarmImage),
      imageDraw: mediaOf(a.alarmImageDraw),
      result: a.alarmResult,
    })),
  ];
  // Same instant: events (what happened) before alarms (what it raised), then by id.
  return entries.sort(
    (a, b) =>
      Date.parse(a.time) - Date.parse(b.time) ||
      (a.kind === b.kind ? a.id - b.id : a.kind === 'event' ? -1 : 1),
  );
}

/** Completed runs (2, 3, 4) of a scene that ended (or, without an end, started) since `from`. */
export async function completedCounts(
  db: Db,
  sceneId: number,
  from: Date,
): Promise<{ state: number; n: number }[]> {
  const ended = sql`coalesce(${historyAssignment.endTime}, ${historyAssignment.startTime}, ${historyAssignment.createdAt})`;
  const rows = await db
    .select({ state: historyAssignment.state, n: count() })
    .from(historyAssignment)
    .where(
      and(
        eq(historyAssignment.sceneId, sceneId),
        inArray(historyAssignment.state, [2, 3, 4]),
        sql`${ended} >= ${from.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(historyAssignment.state);
  return rows.map((r) => ({ state: r.state, n: Number(r.n) }));
}
