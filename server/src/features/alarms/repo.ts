import type { AlarmItem, AlarmListQuery } from '@sentinel/contract';
import {
  type AnyColumn,
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/ordering.ts';
import { prepareRaw } from '../../db/prepared.ts';
import { alarmAction, alarmRollup, videoAlarm } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { pageOffset } from '../../platform/sql.ts';
import {
  type AlarmActionRow,
  type AlarmListRow,
  type AlarmRow,
  LIST_COLUMNS,
  toAlarmListItem,
} from './mapper.ts';

export const UNTREATED_STATES = [1, 4];
export const PROCESSED_STATES = [2, 3];

/** The states a list query asks for (status and exact state combined), or undefined for all. */
export function statesOf(query: AlarmListQuery): number[] | undefined {
  let states: number[] | undefined;
  if (query.status === 'untreated') states = UNTREATED_STATES;
  if (query.status === 'processed') states = PROCESSED_STATES;
  if (query.alarmState !== undefined) {
    states = states ? states.filter((s) => s === query.alarmState) : [query.alarmState];
  }
  return states;
}

/**
 * Scene authority as one condition on a scene column: none for 'all', `scene_id IN (…)` otherwise
 * (null scenes — 0 in the rollup — never match a granted id, so they stay hidden), false for none.
 */
export function sceneAuthorityWhere(column: AnyColumn, scenes: VisibleScenes): SQL | undefined {
  if (scenes === 'all') return undefined;
  return scenes.length ? inArray(column, scenes) : sql`false`;
}

/** Conditions of a list query on the alarms themselves (scene authority included). */
export function alarmConditions(query: AlarmListQuery, scenes: VisibleScenes = 'all'): SQL | undefined {
  const c: (SQL | undefined)[] = [sceneAuthorityWhere(videoAlarm.sceneId, scenes)];
  if (query.startTime && query.endTime) {
    c.push(gte(videoAlarm.alarmTime, new Date(query.startTime)));
    c.push(lte(videoAlarm.alarmTime, new Date(query.endTime)));
  }
  if (query.priority !== undefined) c.push(eq(videoAlarm.priority, query.priority));
  if (query.algorithmId !== undefined) c.push(eq(videoAlarm.algorithmId, query.algorithmId));
  if (query.factoryId !== undefined) c.push(eq(videoAlarm.factoryId, query.factoryId));
  if (query.areaId !== undefined) c.push(eq(videoAlarm.areaId, query.areaId));
  if (query.sceneId !== undefined) c.push(eq(videoAlarm.sceneId, query.sceneId));
  if (query.cameraId !== undefined) c.push(eq(videoAlarm.cameraId, query.cameraId));
  const states = statesOf(query);
  if (states) c.push(states.length ? inArray(videoAlarm.alarmState, states) : sql`false`);
  if (query.falsePositive !== undefined) c.push(eq(videoAlarm.falsePositive, query.falsePositive));
  if (query.approved !== undefined)
    c.push(query.approved ? isNotNull(videoAlarm.approveTime) : isNull(videoAlarm.approveTime));
  if (query.handlerId !== undefined) c.push(eq(videoAlarm.handlerId, query.handlerId));
  if (query.inJob !== undefined)
    c.push(query.inJob ? isNotNull(videoAlarm.historyAssignmentId) : isNull(videoAlarm.historyAssignmentId));
  return and(...c);
}

/**
 * Newest first, then id, spelled as the (…, alarm_time DESC NULLS LAST, id DESC NULLS LAST) indexes
 * are: a plain DESC means NULLS FIRST, which no index matches — PostgreSQL then sorts the whole
 * table for every page (≈ 250 ms at 1,000,000 alarms instead of < 1 ms).
 */
export const NEWEST_FIRST = newestFirst(videoAlarm.alarmTime, videoAlarm.id);

/**
 * The list's statements, one per filter shape (which filters are given, and how), built once by
 * drizzle with placeholders for the values: building the query was ~10 % of the list's server time
 * (bench/README.md, 2026-11-27). They stay unnamed (planned at every call with its values, as
 * before): a named statement would let PostgreSQL switch to a generic plan, which may pick another
 * index for a time range or scene than the values call for. They select only the columns the list
 * answers and come back as the driver's plain rows (`toAlarmListItem` maps them): drizzle's row
 * mapping was ~12 % of the server's time a page (bench/README.md, 2026-11-28, fourth session).
 */
const listStatements = new WeakMap<Db, Map<string, ListStatement>>();
type ListStatement = ReturnType<typeof prepareList>;
/** Bound on the shapes kept per database (there are far fewer in practice). */
const MAX_LIST_SHAPES = 512;
const SHAPE_FILTERS = [
  'priority',
  'algorithmId',
  'factoryId',
  'areaId',
  'sceneId',
  'cameraId',
  'falsePositive',
  'handlerId',
] as const;

/** The filter shape of a list query and the values its placeholders take. */
function listShape(query: AlarmListQuery, scenes: VisibleScenes) {
  const values: Record<string, unknown> = {
    limit: query.limit,
    offset: pageOffset(query.page, query.limit),
  };
  const key: string[] = [];
  if (scenes !== 'all') {
    key.push(scenes.length ? 'scenes' : 'noScene');
    values.scenes = scenes;
  }
  if (query.startTime && query.endTime) {
    key.push('time');
    values.startTime = new Date(query.startTime).toISOString();
    values.endTime = new Date(query.endTime).toISOString();
  }
  for (const name of SHAPE_FILTERS) {
    if (query[name] === undefined) continue;
    key.push(name);
    values[name] = query[name];
  }
  const states = statesOf(query);
  if (states) {
    key.push(states.length ? 'states' : 'noState');
    values.states = states;
  }
  if (query.approved !== undefined) key.push(`approved:${query.approved}`);
  if (query.inJob !== undefined) key.push(`inJob:${query.inJob}`);
  return { key: key.join(','), values };
}

function prepareList(db: Db, key: string) {
  const shape = new Set(key.split(','));
  const p = (name: string) => sql.placeholder(name);
  const anyOf = (column: AnyColumn, name: string) => sql`${column} = any(${p(name)}::int[])`;
  const c: (SQL | undefined)[] = [];
  if (shape.has('noScene') || shape.has('noState')) c.push(sql`false`);
  if (shape.has('scenes')) c.push(anyOf(videoAlarm.sceneId, 'scenes'));
  if (shape.has('time')) {
    c.push(sql`${videoAlarm.alarmTime} >= ${p('startTime')}::timestamptz`);
    c.push(sql`${videoAlarm.alarmTime} <= ${p('endTime')}::timestamptz`);
  }
  for (const name of SHAPE_FILTERS) if (shape.has(name)) c.push(eq(videoAlarm[name], p(name)));
  if (shape.has('states')) c.push(anyOf(videoAlarm.alarmState, 'states'));
  if (shape.has('approved:true')) c.push(isNotNull(videoAlarm.approveTime));
  if (shape.has('approved:false')) c.push(isNull(videoAlarm.approveTime));
  if (shape.has('inJob:true')) c.push(isNotNull(videoAlarm.historyAssignmentId));
  if (shape.has('inJob:false')) c.push(isNull(videoAlarm.historyAssignmentId));
  const where = and(...c);
  return prepareRaw<AlarmListRow>(
    db,
    '',
    sql`SELECT ${LIST_COLUMNS} FROM ${videoAlarm} ${where ? sql`WHERE ${where}` : sql``}
      ORDER BY ${sql.join(NEWEST_FIRST, sql`, `)} LIMIT ${p('limit')} OFFSET ${p('offset')}`,
  );
}

/** One page (newest first, then id) on the (alarm_time, id) indexes, as the API answers it. */
export async function listAlarmItems(
  db: Db,
  query: AlarmListQuery,
  scenes: VisibleScenes = 'all',
): Promise<AlarmItem[]> {
  const { key, values } = listShape(query, scenes);
  let statements = listStatements.get(db);
  if (!statements) {
    statements = new Map();
    listStatements.set(db, statements);
  }
  let statement = statements.get(key);
  if (!statement) {
    statement = prepareList(db, key);
    if (statements.size < MAX_LIST_SHAPES) statements.set(key, statement);
  }
  return (await statement(values)).rows.map(toAlarmListItem);
}

export async function findAlarm(db: Db, id: number): Promise<AlarmRow | undefined> {
  const [row] = await db.select().from(videoAlarm).where(eq(videoAlarm.id, id));
  return row;
}

export async function timelineOf(db: Db, alarmId: number): Promise<AlarmActionRow[]> {
  return (
    db
      .select()
      .from(alarmAction)
      .where(eq(alarmAction.alarmId, alarmId))
      // insertion order: ids grow with every action, whatever clock stamped created_at
      .orderBy(asc(alarmAction.id))
  );
}

export async function countAwaitingApproval(db: Db, scenes: VisibleScenes = 'all'): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${alarmRollup.count}), 0)` })
    .from(alarmRollup)
    .where(and(eq(alarmRollup.alarmState, 4), sceneAuthorityWhere(alarmRollup.sceneId, scenes)));
  return Number(row?.n ?? 0);
}

/** Latest alarms matching `where`, newest first. */
export async function latestAlarms(db: Db, where: SQL | undefined, count: number): Promise<AlarmRow[]> {
  return db
    .select()
    .from(videoAlarm)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(count);
}

export const untreatedWhere = () => inArray(videoAlarm.alarmState, UNTREATED_STATES);
export const sceneWhere = (sceneId: number) => eq(videoAlarm.sceneId, sceneId);
export const sceneCameraWhere = (sceneId: number, cameraId: number) =>
  and(eq(videoAlarm.sceneId, sceneId), eq(videoAlarm.cameraId, cameraId));

/** Rollup counts of one scene since `fromDay`, grouped by state and priority. */
export async function sceneRollup(
  db: Db,
  sceneId: number,
  fromDay: string,
): Promise<{ alarmState: number; priority: number; count: number }[]> {
  const rows = await db
    .select({
      alarmState: alarmRollup.alarmState,
      priority: alarmRollup.priority,
      n: sql<string>`sum(${alarmRollup.count})`,
    })
    .from(alarmRollup)
    .where(and(eq(alarmRollup.sceneId, sceneId), gte(alarmRollup.day, fromDay)))
    .groupBy(alarmRollup.alarmState, alarmRollup.priority);
  return rows.map((r) => ({ alarmState: r.alarmState, priority: r.priority, count: Number(r.n) }));
}

/** Per scene untreated/total counts from the rollup (days inclusive, UTC). */
export async function sceneCounts(
  db: Db,
  filter: { sceneIds?: number[]; fromDay?: string; toDay?: string; scenes?: VisibleScenes },
): Promise<{ sceneId: number; untreated: number; total: number }[]> {
  const c: (SQL | undefined)[] = [
    sql`${alarmRollup.sceneId} <> 0`,
    sceneAuthorityWhere(alarmRollup.sceneId, filter.scenes ?? 'all'),
  ];
  if (filter.sceneIds)
    c.push(filter.sceneIds.length ? inArray(alarmRollup.sceneId, filter.sceneIds) : sql`false`);
  if (filter.fromDay) c.push(gte(alarmRollup.day, filter.fromDay));
  if (filter.toDay) c.push(lte(alarmRollup.day, filter.toDay));
  const rows = await db
    .select({
      sceneId: alarmRollup.sceneId,
      untreated: sql<string>`coalesce(sum(${alarmRollup.count}) filter (where ${inArray(alarmRollup.alarmState, UNTREATED_STATES)}), 0)`,
      total: sql<string>`sum(${alarmRollup.count})`,
    })
    .from(alarmRollup)
    .where(and(...c))
    .groupBy(alarmRollup.sceneId)
    .orderBy(asc(alarmRollup.sceneId));
  return rows.map((r) => ({ sceneId: r.sceneId, untreated: Number(r.untreated), total: Number(r.total) }));
}

/** The alarms holding a media file (image, drawn image or clip): their scenes ([] when none). */
export async function sceneOfAlarmMedia(db: Db, path: string): Promise<{ sceneId: number | null }[]> {
  return db
    .select({ sceneId: videoAlarm.sceneId })
    .from(videoAlarm)
    .where(
      sql`(${videoAlarm.alarmImage} = ${path} and ${videoAlarm.alarmImage} <> '')
        or (${videoAlarm.alarmImageDraw} = ${path} and ${videoAlarm.alarmImageDraw} <> '')
        or (${videoAlarm.alarmVideo} = ${path} and ${videoAlarm.alarmVideo} <> '')`,
    )
    .limit(1);
}

/** Of these media paths, those an alarm holds. */
export async function heldAlarmMedia(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ image: videoAlarm.alarmImage, drawn: videoAlarm.alarmImageDraw, clip: videoAlarm.alarmVideo })
    .from(videoAlarm)
    .where(
      sql`(${videoAlarm.alarmImage} <> '' and ${inArray(videoAlarm.alarmImage, paths)})
        or (${videoAlarm.alarmImageDraw} <> '' and ${inArray(videoAlarm.alarmImageDraw, paths)})
        or (${videoAlarm.alarmVideo} <> '' and ${inArray(videoAlarm.alarmVideo, paths)})`,
    );
  return new Set(rows.flatMap((r) => [r.image, r.drawn, r.clip]));
}
