import type { RetentionCategory } from '@sentinel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appSetting,
  auditLog,
  camera,
  cameraCheck,
  engineMessage,
  eventRecord,
  historyAssignment,
  plantNode,
  scene,
  videoAlarm,
} from '../../db/schema/index.ts';

/**
 * One retention category: its table, the WHERE that picks what the run removes (the ONE
 * definition: the preview counts with it, the run deletes with it), the media columns whose files
 * go with the rows, and whether the rows go or only lose their files.
 */
interface CategorySql {
  table: SQL;
  id: SQL;
  where: (cutoffs: Cutoffs) => SQL;
  files: SQL[];
  /** 'delete': the rows go (with their files); 'clearFiles': the files go, the columns become ''. */
  action: 'delete' | 'clearFiles';
  /** For 'clearFiles': the columns emptied. */
  clear?: SQL;
}

/** Each category's cutoff: rows older than it are removed. */
export type Cutoffs = Record<RetentionCategory, Date>;

const at = (cutoff: Date) => sql`${cutoff.toISOString()}::timestamptz`;

/**
 * Alarms: a record with a false-alarm review record stays (it is the review's and the training's
 * evidence; deleting the alarm would cascade to it) — the review decides its fate, not the clock.
 */
const alarmNotReviewed = sql`not exists (select 1 from false_alarm_record f where f.alarm_id = "video_alarm"."id")`;
const alarmGoes = (c: Cutoffs) => sql`(${videoAlarm.alarmTime} < ${at(c.alarms)} and ${alarmNotReviewed})`;
/**
 * The file-only categories leave out the alarms the alarms category removes whole (their files go
 * with them), so the categories never overlap and each preview figure is what its step removes.
 */
const alarmStays = (c: Cutoffs) => sql`not ${alarmGoes(c)}`;

export const CATEGORIES: Record<RetentionCategory, CategorySql> = {
  alarms: {
    table: sql`${videoAlarm}`,
    id: sql`${videoAlarm.id}`,
    where: alarmGoes,
    files: [sql`${videoAlarm.alarmImage}`, sql`${videoAlarm.alarmImageDraw}`, sql`${videoAlarm.alarmVideo}`],
    action: 'delete',
  },
  alarmImages: {
    table: sql`${videoAlarm}`,
    id: sql`${videoAlarm.id}`,
    where: (c) =>
      sql`${videoAlarm.alarmTime} < ${at(c.alarmImages)} and (${videoAlarm.alarmImage} <> '' or ${videoAlarm.alarmImageDraw} <> '') and ${alarmStays(c)}`,
    files: [sql`${videoAlarm.alarmImage}`, sql`${videoAlarm.alarmImageDraw}`],
    action: 'clearFiles',
    clear: sql`alarm_image = '', alarm_image_draw = ''`,
  },
  alarmClips: {
    table: sql`${videoAlarm}`,
    id: sql`${videoAlarm.id}`,
    where: (c) =>
      sql`${videoAlarm.alarmTime} < ${at(c.alarmClips)} and ${videoAlarm.alarmVideo} <> '' and ${alarmStays(c)}`,
    files: [sql`${videoAlarm.alarmVideo}`],
    action: 'clearFiles',
    clear: sql`alarm_video = ''`,
  },
  events: {
    table: sql`${eventRecord}`,
    id: sql`${eventRecord.id}`,
    where: (c) => sql`${eventRecord.eventTime} < ${at(c.events)}`,
    files: [sql`${eventRecord.eventImg}`],
    action: 'delete',
  },
  jobRuns: {
    table: sql`${historyAssignment}`,
    id: sql`${historyAssignment.id}`,
    // Finished runs only: a run still going is never removed, however old its start.
    where: (c) =>
      sql`${historyAssignment.endTime} is not null and ${historyAssignment.endTime} < ${at(c.jobRuns)}`,
    files: [],
    action: 'delete',
  },
  auditLog: {
    table: sql`${auditLog}`,
    id: sql`${auditLog.id}`,
    where: (c) => sql`${auditLog.createdAt} < ${at(c.auditLog)}`,
    files: [],
    action: 'delete',
  },
  protocolLog: {
    table: sql`${engineMessage}`,
    id: sql`${engineMessage.id}`,
    where: (c) => sql`${engineMessage.receivedAt} < ${at(c.protocolLog)}`,
    files: [],
    action: 'delete',
  },
  cameraChecks: {
    table: sql`${cameraCheck}`,
    id: sql`${cameraCheck.id}`,
    where: (c) => sql`${cameraCheck.checkedAt} < ${at(c.cameraChecks)}`,
    files: [sql`coalesce(${cameraCheck.mediaPath}, '')`],
    action: 'delete',
  },
};

function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

const filesArray = (files: SQL[]): SQL =>
  files.length === 0 ? sql`array[]::text[]` : sql`array[${sql.join(files, sql`, `)}]::text[]`;

/** How many rows the category's WHERE picks now, and how many non-empty files they hold. */
export async function countCategory(db: Db, category: RetentionCategory, cutoffs: Cutoffs) {
  const c = CATEGORIES[category];
  const fileCount =
    c.files.length === 0
      ? sql`0`
      : sql.join(
          c.files.map((f) => sql`count(*) filter (where ${f} <> '')`),
          sql` + `,
        );
  const [row] = rowsOf<{ rows: number; files: number }>(
    await db.execute(
      sql`select count(*)::int as rows, (${fileCount})::int as files from ${c.table} where ${c.where(cutoffs)}`,
    ),
  );
  return { rows: Number(row?.rows ?? 0), files: Number(row?.files ?? 0) };
}

/** Up to `limit` file paths the category's WHERE picks (for the preview's byte count). */
export async function categoryFiles(db: Db, category: RetentionCategory, cutoffs: Cutoffs, limit: number) {
  const c = CATEGORIES[category];
  if (c.files.length === 0) return [];
  const rows = rowsOf<{ path: string }>(
    await db.execute(sql`
      select f.path from (select ${filesArray(c.files)} as paths from ${c.table} where ${c.where(cutoffs)} limit ${limit}) s,
      unnest(s.paths) as f(path) where f.path <> '' limit ${limit}`),
  );
  return rows.map((r) => r.path);
}

/** The next batch the category's WHERE picks: ids and their files (oldest ids first). */
export async function nextBatch(db: Db, category: RetentionCategory, cutoffs: Cutoffs, batch: number) {
  const c = CATEGORIES[category];
  const rows = rowsOf<{ id: number | string; paths: string[] }>(
    await db.execute(
      sql`select ${c.id} as id, ${filesArray(c.files)} as paths from ${c.table} where ${c.where(cutoffs)} order by ${c.id} limit ${batch}`,
    ),
  );
  return rows.map((r) => ({ id: Number(r.id), paths: (r.paths ?? []).filter((p) => p) }));
}

/** Removes the batch's rows (or empties their file columns), re-checking the WHERE. Answers how many. */
export async function applyBatch(
  db: Db,
  category: RetentionCategory,
  cutoffs: Cutoffs,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const c = CATEGORIES[category];
  const idList = sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const statement =
    c.action === 'delete'
      ? sql`delete from ${c.table} where ${c.id} in ${idList} and ${c.where(cutoffs)} returning ${c.id}`
      : sql`update ${c.table} set ${c.clear ?? sql``} where ${c.id} in ${idList} and ${c.where(cutoffs)} returning ${c.id}`;
  return rowsOf(await db.execute(statement)).length;
}

const RETENTION_KEY = 'scope.retention';

export async function readRetention(db: Db): Promise<unknown> {
  const rows = rowsOf<{ value: string }>(
    await db.execute(
      sql`select ${appSetting.value} as value from ${appSetting} where ${appSetting.key} = ${RETENTION_KEY}`,
    ),
  );
  if (!rows[0]) return undefined;
  try {
    return JSON.parse(rows[0].value);
  } catch {
    return undefined;
  }
}

export async function writeRetention(db: Db, value: unknown): Promise<void> {
  await db
    .insert(appSetting)
    .values({ key: RETENTION_KEY, value: JSON.stringify(value) })
    .onConflictDoUpdate({ target: appSetting.key, set: { value: JSON.stringify(value) } });
}

/** Per plant node: cameras, scenes and alarms held directly (the page sums the subtrees). */
export async function coverageCounts(db: Db) {
  const nodes = await db
    .select({
      id: plantNode.id,
      parentId: plantNode.parentId,
      name: plantNode.name,
      kind: plantNode.kind,
      sort: plantNode.sort,
    })
    .from(plantNode)
    .orderBy(plantNode.sort, plantNode.id);
  const count = async (table: SQL, column: SQL) =>
    rowsOf<{ area: number | null; n: number }>(
      await db.execute(sql`select ${column} as area, count(*)::int as n from ${table} group by 1`),
    );
  return {
    nodes,
    cameras: await count(sql`${camera}`, sql`${camera.areaId}`),
    scenes: await count(sql`${scene}`, sql`${scene.areaId}`),
    alarms: await count(sql`${videoAlarm}`, sql`${videoAlarm.areaId}`),
  };
}
