import type {
  Detection,
  FalseAlarmRateQuery,
  FalseAlarmRateRow,
  FalseAlarmRecordQuery,
  FalseAlarmState,
} from '@sentinel/contract';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { algorithm, algorithmVersion, falseAlarmRecord, scene, videoAlarm } from '../../db/schema/index.ts';
import { sceneIdCondition, type VisibleScenes } from '../../platform/scene-authority.ts';
import { pageOffset } from '../../platform/sql.ts';

export type RecordRow = typeof falseAlarmRecord.$inferSelect;
export type RecordInsert = typeof falseAlarmRecord.$inferInsert;
export type RecordView = RecordRow & { sceneName: string | null; versionNumber: number | null };

const viewColumns = {
  record: falseAlarmRecord,
  sceneName: scene.name,
  versionNumber: algorithmVersion.number,
};

/** Records with their scene's name and their version's number. */
function selectViews(db: Db) {
  return db
    .select(viewColumns)
    .from(falseAlarmRecord)
    .leftJoin(scene, eq(scene.id, falseAlarmRecord.sceneId))
    .leftJoin(algorithmVersion, eq(algorithmVersion.id, falseAlarmRecord.algorithmVersionId));
}

const flatten = (r: {
  record: RecordRow;
  sceneName: string | null;
  versionNumber: number | null;
}): RecordView => ({
  ...r.record,
  sceneName: r.sceneName,
  versionNumber: r.versionNumber,
});

function recordConditions(query: Omit<FalseAlarmRecordQuery, 'page' | 'limit'>, scenes: VisibleScenes) {
  const t = falseAlarmRecord;
  return and(
    sceneIdCondition(scenes, t.sceneId),
    query.state ? eq(t.state, query.state) : undefined,
    query.algorithmId ? eq(t.algorithmId, query.algorithmId) : undefined,
    query.versionId ? eq(t.algorithmVersionId, query.versionId) : undefined,
    query.sceneId ? eq(t.sceneId, query.sceneId) : undefined,
    query.startTime ? gte(t.alarmTime, new Date(query.startTime)) : undefined,
    query.endTime ? lte(t.alarmTime, new Date(query.endTime)) : undefined,
  );
}

/** One page of records, newest alarm first, and the total. */
export async function listRecords(
  db: Db,
  query: FalseAlarmRecordQuery,
  scenes: VisibleScenes,
): Promise<{ rows: RecordView[]; total: number }> {
  const where = recordConditions(query, scenes);
  const [rows, [count]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(falseAlarmRecord.alarmTime), desc(falseAlarmRecord.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: sql<number>`count(*)::int` }).from(falseAlarmRecord).where(where),
  ]);
  return { rows: rows.map(flatten), total: count?.n ?? 0 };
}

export async function findRecord(db: Db, id: number): Promise<RecordView | undefined> {
  const [row] = await selectViews(db).where(eq(falseAlarmRecord.id, id));
  return row ? flatten(row) : undefined;
}

export async function insertRecord(db: Db, values: RecordInsert): Promise<RecordRow | undefined> {
  const [row] = await db.insert(falseAlarmRecord).values(values).onConflictDoNothing().returning();
  return row;
}

export interface Verdict {
  state: Exclude<FalseAlarmState, 'pending'>;
  labels: Detection[];
  reason: string;
  reviewerId: number;
  reviewer: string;
  reviewedAt: Date;
}

/**
 * Compare-and-set: the verdict is written only while the record is still in `from` (pending, or any
 * state for an explicit re-review). Undefined when someone else got there first.
 */
export async function writeVerdict(
  db: Db,
  id: number,
  verdict: Verdict,
  from: { state: string; reviewedAt: Date | null },
): Promise<RecordRow | undefined> {
  const t = falseAlarmRecord;
  const [row] = await db
    .update(t)
    .set(verdict)
    .where(
      and(
        eq(t.id, id),
        eq(t.state, from.state),
        from.reviewedAt ? eq(t.reviewedAt, from.reviewedAt) : sql`${t.reviewedAt} is null`,
      ),
    )
    .returning();
  return row;
}

/** A number from count(*) (bigint may arrive as a string). */
const n = (v: unknown) => Number(v ?? 0);

/**
 * False-positive rate per algorithm version: alarms raised and marked false positive (video_alarm,
 * by the version that raised each one) and the review outcomes of their records.
 */
export async function rateByVersion(
  db: Db,
  query: FalseAlarmRateQuery,
  scenes: VisibleScenes,
): Promise<FalseAlarmRateRow[]> {
  const a = videoAlarm;
  const r = falseAlarmRecord;
  const alarmWhere: Array<SQL | undefined> = [
    sql`${a.algorithmId} is not null`,
    sceneIdCondition(scenes, a.sceneId),
    query.algorithmId ? eq(a.algorithmId, query.algorithmId) : undefined,
    query.startTime ? gte(a.alarmTime, new Date(query.startTime)) : undefined,
    query.endTime ? lte(a.alarmTime, new Date(query.endTime)) : undefined,
  ];
  const recordWhere: Array<SQL | undefined> = [
    sql`${r.algorithmId} is not null`,
    sceneIdCondition(scenes, r.sceneId),
    query.algorithmId ? eq(r.algorithmId, query.algorithmId) : undefined,
    query.startTime ? gte(r.alarmTime, new Date(query.startTime)) : undefined,
    query.endTime ? lte(r.alarmTime, new Date(query.endTime)) : undefined,
  ];
  const [alarms, records] = await Promise.all([
    db
      .select({
        algorithmId: a.algorithmId,
        versionId: a.algorithmVersionId,
        alarms: sql`count(*)`,
        falsePositives: sql`count(*) filter (where ${a.falsePositive})`,
      })
      .from(a)
      .where(and(...alarmWhere))
      .groupBy(a.algorithmId, a.algorithmVersionId),
    db
      .select({
        algorithmId: r.algorithmId,
        versionId: r.algorithmVersionId,
        state: r.state,
        count: sql`count(*)`,
      })
      .from(r)
      .where(and(...recordWhere))
      .groupBy(r.algorithmId, r.algorithmVersionId, r.state),
  ]);
  const key = (algorithmId: number | null, versionId: number | null) => `${algorithmId}:${versionId ?? ''}`;
  const rows = new Map<string, FalseAlarmRateRow>();
  const rowOf = (algorithmId: number, versionId: number | null) => {
    const k = key(algorithmId, versionId);
    let row = rows.get(k);
    if (!row) {
      row = {
        algorithmId,
        algorithmName: '',
        versionId,
        versionNumber: null,
        alarms: 0,
        falsePositives: 0,
        rate: 0,
        pending: 0,
        accepted: 0,
        relabelled: 0,
        dropped: 0,
      };
      rows.set(k, row);
    }
    return row;
  };
  for (const x of alarms) {
    if (x.algorithmId === null) continue;
    const row = rowOf(x.algorithmId, x.versionId);
    row.alarms = n(x.alarms);
    row.falsePositives = n(x.falsePositives);
  }
  for (const x of records) {
    if (x.algorithmId === null) continue;
    const row = rowOf(x.algorithmId, x.versionId);
    if (x.state === 'pending' || x.state === 'accepted' || x.state === 'relabelled' || x.state === 'dropped')
      row[x.state] = n(x.count);
  }
  const list = [...rows.values()];
  const algorithmIds = [...new Set(list.map((x) => x.algorithmId))];
  const versionIds = [...new Set(list.flatMap((x) => (x.versionId === null ? [] : [x.versionId])))];
  const [names, numbers] = await Promise.all([
    algorithmIds.length
      ? db
          .select({ id: algorithm.id, name: algorithm.name })
          .from(algorithm)
          .where(inArray(algorithm.id, algorithmIds))
      : [],
    versionIds.length
      ? db
          .select({ id: algorithmVersion.id, number: algorithmVersion.number })
          .from(algorithmVersion)
          .where(inArray(algorithmVersion.id, versionIds))
      : [],
  ]);
  const nameOf = new Map(names.map((x) => [x.id, x.name]));
  const numberOf = new Map(numbers.map((x) => [x.id, x.number]));
  for (const row of list) {
    row.algorithmName = nameOf.get(row.algorithmId) ?? '';
    row.versionNumber = row.versionId === null ? null : (numberOf.get(row.versionId) ?? null);
    row.rate = row.alarms > 0 ? row.falsePositives / row.alarms : 0;
  }
  return list.sort(
    (x, y) =>
      x.algorithmName.localeCompare(y.algorithmName) ||
      x.algorithmId - y.algorithmId ||
      (x.versionNumber ?? 0) - (y.versionNumber ?? 0),
  );
}

/** Reviewed records for a dataset import (states default: accepted and relabelled). */
export async function selectReviewed(
  db: Db,
  filter: { algorithmId?: number; states?: FalseAlarmState[]; ids?: number[] },
): Promise<RecordRow[]> {
  const t = falseAlarmRecord;
  const states = filter.states ?? ['accepted', 'relabelled'];
  return db
    .select()
    .from(t)
    .where(
      and(
        inArray(t.state, states),
        filter.algorithmId ? eq(t.algorithmId, filter.algorithmId) : undefined,
        filter.ids ? (filter.ids.length ? inArray(t.id, filter.ids) : sql`false`) : undefined,
      ),
    )
    .orderBy(t.id);
}

/** The false positives without a record (the demo seed), oldest first. */
export async function falsePositivesWithoutRecord(db: Db) {
  const a = videoAlarm;
  return db
    .select()
    .from(a)
    .where(
      and(
        eq(a.falsePositive, true),
        sql`not exists (select 1 from ${falseAlarmRecord} r where r.alarm_id = ${a.id})`,
      ),
    )
    .orderBy(a.id);
}

/** Media: the scene of the record holding a frame (scene-bound access) … */
export async function sceneOfFrame(db: Db, path: string): Promise<{ sceneId: number | null }[]> {
  return db
    .select({ sceneId: falseAlarmRecord.sceneId })
    .from(falseAlarmRecord)
    .where(eq(falseAlarmRecord.frame, path))
    .limit(1);
}

/** … and which of these frames a record still holds (the orphan sweep keeps those). */
export async function heldFrames(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ frame: falseAlarmRecord.frame })
    .from(falseAlarmRecord)
    .where(inArray(falseAlarmRecord.frame, paths));
  return new Set(rows.map((r) => r.frame));
}
