import type { DcsAlarmListQuery, EventListQuery } from '@sentinel/contract';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/ordering.ts';
import { dcsAlarm, eventRecord } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { COUNT_CAP, keywordMatch, pageOffset } from '../../platform/sql.ts';
import type { DcsAlarmRow, EventRow } from './mapper.ts';

/** Audit action of processing a DCS alarm (the row itself keeps handler, time and comment). */
export const DCS_DEAL_ACTION = 'dcsAlarm.deal';

/** Scene authority: 'all' sees everything; otherwise only the granted scenes (never a null scene). */
export function sceneAuthority(column: AnyPgColumn, scenes: VisibleScenes): SQL | undefined {
  if (scenes === 'all') return undefined;
  return scenes.length > 0 ? inArray(column, scenes) : sql`false`;
}

function timeRange(column: AnyPgColumn, startTime?: string, endTime?: string): SQL[] {
  if (!startTime || !endTime) return [];
  return [gte(column, new Date(startTime)), lte(column, new Date(endTime))];
}

/** Exact count of the rows matching `where`, stopped at COUNT_CAP ("10,000+"). */
async function cappedCount(
  db: Db,
  table: typeof eventRecord | typeof dcsAlarm,
  where: SQL | undefined,
): Promise<{ count: number; countCapped: boolean }> {
  const inner = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(inner);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, countCapped: true } : { count: n, countCapped: false };
}

export function eventWhere(query: EventListQuery, scenes: VisibleScenes): SQL | undefined {
  const c: (SQL | undefined)[] = [
    ...timeRange(eventRecord.eventTime, query.startTime, query.endTime),
    sceneAuthority(eventRecord.sceneId, scenes),
  ];
  if (query.sceneId !== undefined) c.push(eq(eventRecord.sceneId, query.sceneId));
  if (query.cameraId !== undefined) c.push(eq(eventRecord.cameraId, query.cameraId));
  c.push(keywordMatch(query.eventName, [eventRecord.eventName]));
  return and(...c);
}

/** One page, newest first then id (on the (event_time, id) index), and the capped total. */
export async function listEvents(
  db: Db,
  query: EventListQuery,
  scenes: VisibleScenes,
): Promise<{ rows: EventRow[]; count: number; countCapped: boolean }> {
  const where = eventWhere(query, scenes);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(eventRecord)
      .where(where)
      .orderBy(...newestFirst(eventRecord.eventTime, eventRecord.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    cappedCount(db, eventRecord, where),
  ]);
  return { rows, ...total };
}

export async function findEvent(db: Db, id: number, scenes: VisibleScenes): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(eventRecord)
    .where(and(eq(eventRecord.id, id), sceneAuthority(eventRecord.sceneId, scenes)));
  return row;
}

export function dcsWhere(query: DcsAlarmListQuery, scenes: VisibleScenes): SQL | undefined {
  const c: (SQL | undefined)[] = [
    ...timeRange(dcsAlarm.alarmTime, query.startTime, query.endTime),
    sceneAuthority(dcsAlarm.sceneId, scenes),
  ];
  if (query.priority !== undefined) c.push(eq(dcsAlarm.priority, query.priority));
  if (query.areaId !== undefined) c.push(eq(dcsAlarm.areaId, query.areaId));
  if (query.alarmState !== undefined) c.push(eq(dcsAlarm.alarmState, query.alarmState));
  c.push(keywordMatch(query.tag, [dcsAlarm.tag, dcsAlarm.pointName]));
  return and(...c);
}

export async function listDcsAlarms(
  db: Db,
  query: DcsAlarmListQuery,
  scenes: VisibleScenes,
): Promise<{ rows: DcsAlarmRow[]; count: number; countCapped: boolean }> {
  const where = dcsWhere(query, scenes);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(dcsAlarm)
      .where(where)
      .orderBy(...newestFirst(dcsAlarm.alarmTime, dcsAlarm.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    cappedCount(db, dcsAlarm, where),
  ]);
  return { rows, ...total };
}

export async function findDcsAlarm(
  db: Db,
  id: number,
  scenes: VisibleScenes,
): Promise<DcsAlarmRow | undefined> {
  const [row] = await db
    .select()
    .from(dcsAlarm)
    .where(and(eq(dcsAlarm.id, id), sceneAuthority(dcsAlarm.sceneId, scenes)));
  return row;
}

/** The events holding a picture: their scenes ([] when none). */
export async function sceneOfEventImage(db: Db, path: string): Promise<{ sceneId: number | null }[]> {
  return db
    .select({ sceneId: eventRecord.sceneId })
    .from(eventRecord)
    .where(and(eq(eventRecord.eventImg, path), sql`${eventRecord.eventImg} <> ''`))
    .limit(1);
}

/** Of these media paths, those an event holds. */
export async function heldEventImages(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ path: eventRecord.eventImg })
    .from(eventRecord)
    .where(and(inArray(eventRecord.eventImg, paths), sql`${eventRecord.eventImg} <> ''`));
  return new Set(rows.map((r) => r.path));
}
