import { TRAINING_STATE, type TrainingState } from '@sentinel/contract';
import { aliasedTable, and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  algorithm,
  algorithmVersion,
  dataset,
  datasetItem,
  datasetVersion,
  datasetVersionItem,
  trainingJob,
  trainingLog,
} from '../../db/schema/index.ts';

/** Training's SQL (issue 13 §5–6): jobs, their log, and what it reads of instances and datasets. */

export type TrainingJobRow = typeof trainingJob.$inferSelect;
export type TrainingLogRow = typeof trainingLog.$inferSelect;

export async function findInstance(db: Db, id: number) {
  const [row] = await db
    .select({
      id: algorithm.id,
      name: algorithm.name,
      modelId: algorithm.modelId,
      params: algorithm.params,
      liveVersionId: algorithm.liveVersionId,
    })
    .from(algorithm)
    .where(eq(algorithm.id, id));
  return row;
}

export async function findVersion(db: Db, id: number | null) {
  if (id === null) return undefined;
  const [row] = await db.select().from(algorithmVersion).where(eq(algorithmVersion.id, id));
  return row;
}

const datasetVersionColumns = {
  id: datasetVersion.id,
  datasetId: datasetVersion.datasetId,
  datasetName: dataset.name,
  algorithmId: dataset.algorithmId,
  classes: dataset.classes,
  number: datasetVersion.number,
  itemCount: datasetVersion.itemCount,
  negatives: datasetVersion.negatives,
  classCounts: datasetVersion.classCounts,
  createdAt: datasetVersion.createdAt,
};
export type DatasetVersionRow = Awaited<ReturnType<typeof findDatasetVersion>> & {};

/** The frozen versions of this instance's datasets, newest first. */
export function datasetVersionsOf(db: Db, algorithmId: number) {
  return db
    .select(datasetVersionColumns)
    .from(datasetVersion)
    .innerJoin(dataset, eq(dataset.id, datasetVersion.datasetId))
    .where(eq(dataset.algorithmId, algorithmId))
    .orderBy(desc(datasetVersion.createdAt), desc(datasetVersion.id))
    .limit(200);
}

export async function findDatasetVersion(db: Db, id: number) {
  const [row] = await db
    .select(datasetVersionColumns)
    .from(datasetVersion)
    .innerJoin(dataset, eq(dataset.id, datasetVersion.datasetId))
    .where(eq(datasetVersion.id, id));
  return row;
}

/** The images of a frozen dataset version with their labels as frozen. */
export function datasetVersionItems(db: Db, versionId: number) {
  return db
    .select({
      id: datasetItem.id,
      image: datasetItem.image,
      width: datasetItem.width,
      height: datasetItem.height,
      labels: datasetVersionItem.labels,
    })
    .from(datasetVersionItem)
    .innerJoin(datasetItem, eq(datasetItem.id, datasetVersionItem.itemId))
    .where(eq(datasetVersionItem.versionId, versionId))
    .orderBy(asc(datasetItem.id));
}

export async function findVersionItem(db: Db, versionId: number, itemId: number) {
  const [row] = await db
    .select({ image: datasetItem.image })
    .from(datasetVersionItem)
    .innerJoin(datasetItem, eq(datasetItem.id, datasetVersionItem.itemId))
    .where(and(eq(datasetVersionItem.versionId, versionId), eq(datasetVersionItem.itemId, itemId)));
  return row;
}

/** The instance's last completed job (its dataset version is "the last training"). */
export async function lastCompletedJob(db: Db, algorithmId: number) {
  const [row] = await db
    .select()
    .from(trainingJob)
    .where(and(eq(trainingJob.algorithmId, algorithmId), eq(trainingJob.state, TRAINING_STATE.completed)))
    .orderBy(desc(trainingJob.finishedAt), desc(trainingJob.id))
    .limit(1);
  return row;
}

/** A job of the instance that has not ended (not started or in training). */
export async function activeJobOf(db: Db, algorithmId: number) {
  const [row] = await db
    .select({ id: trainingJob.id })
    .from(trainingJob)
    .where(
      and(
        eq(trainingJob.algorithmId, algorithmId),
        inArray(trainingJob.state, [TRAINING_STATE.notStarted, TRAINING_STATE.training]),
      ),
    )
    .limit(1);
  return row;
}

export async function insertJob(db: Db, values: typeof trainingJob.$inferInsert) {
  const [row] = await db.insert(trainingJob).values(values).returning();
  if (!row) throw new Error('training job not created');
  return row;
}

export async function findJob(db: Db, id: number) {
  const [row] = await db.select().from(trainingJob).where(eq(trainingJob.id, id));
  return row;
}

const resultVersion = aliasedTable(algorithmVersion, 'result_version');
const itemColumns = {
  job: trainingJob,
  algorithmName: algorithm.name,
  resultVersionNumber: resultVersion.number,
};

export async function findJobItem(db: Db, id: number) {
  const [row] = await db
    .select(itemColumns)
    .from(trainingJob)
    .innerJoin(algorithm, eq(algorithm.id, trainingJob.algorithmId))
    .leftJoin(resultVersion, eq(resultVersion.id, trainingJob.resultVersionId))
    .where(eq(trainingJob.id, id));
  return row;
}
export type TrainingJobItemRow = NonNullable<Awaited<ReturnType<typeof findJobItem>>>;

export async function listJobs(db: Db, query: { page: number; limit: number; algorithmId?: number }) {
  const where = query.algorithmId ? eq(trainingJob.algorithmId, query.algorithmId) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(trainingJob)
      .innerJoin(algorithm, eq(algorithm.id, trainingJob.algorithmId))
      .leftJoin(resultVersion, eq(resultVersion.id, trainingJob.resultVersionId))
      .where(where)
      .orderBy(desc(trainingJob.createdAt), desc(trainingJob.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(trainingJob).where(where),
  ]);
  return { list, count: total?.n ?? 0 };
}

/**
 * The state machine's one write: moves the job from one of `from` to its new values; undefined
 * when the job is not (any longer) in one of those states — the caller answers 409 with it as it is.
 */
export async function transitionJob(
  db: Db,
  id: number,
  from: TrainingState[],
  set: Partial<typeof trainingJob.$inferInsert>,
) {
  const [row] = await db
    .update(trainingJob)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(trainingJob.id, id), inArray(trainingJob.state, from)))
    .returning();
  return row;
}

/** Binds an external job to the engine calling back first; false when another engine holds it. */
export async function bindTrainerEngine(db: Db, id: number, engineId: number): Promise<boolean> {
  await db
    .update(trainingJob)
    .set({ trainerEngineId: engineId })
    .where(and(eq(trainingJob.id, id), isNull(trainingJob.trainerEngineId)));
  const job = await findJob(db, id);
  return job?.trainerEngineId === engineId;
}

export function addLogLines(db: Db, jobId: number, lines: { level: string; message: string }[]) {
  return db
    .insert(trainingLog)
    .values(lines.map((line) => ({ jobId, level: line.level, message: line.message })))
    .returning();
}

/**
 * The same, only while the job is in training, in ONE statement: a trainer's line written after a
 * terminate (or any end) committed is dropped, so the end's own line stays the last one.
 */
export async function addLogLinesWhileTraining(
  db: Db,
  jobId: number,
  lines: { level: string; message: string }[],
): Promise<TrainingLogRow[]> {
  const result = await db.execute(sql`
    insert into ${trainingLog} (job_id, level, message)
    select ${jobId}, l.level, l.message
    from jsonb_to_recordset(${JSON.stringify(lines.map((line, ord) => ({ ...line, ord })))}::jsonb)
      as l(level text, message text, ord int)
    where exists (select 1 from ${trainingJob} where id = ${jobId} and state = ${TRAINING_STATE.training})
    order by l.ord
    returning id, job_id, at, level, message`);
  // Both drivers answer `{ rows }`; `at` may come as a string.
  const rows = (
    result as unknown as {
      rows: { id: number | string; job_id: number; at: string | Date; level: string; message: string }[];
    }
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    jobId: Number(r.job_id),
    at: new Date(r.at),
    level: r.level,
    message: r.message,
  }));
}

export function logAfter(db: Db, jobId: number, after: number) {
  return db
    .select()
    .from(trainingLog)
    .where(and(eq(trainingLog.jobId, jobId), gt(trainingLog.id, after)))
    .orderBy(asc(trainingLog.id))
    .limit(500);
}

/** External jobs in training with no word from their trainer since `before`. */
export function silentExternalJobs(db: Db, before: Date) {
  return db
    .select({ id: trainingJob.id })
    .from(trainingJob)
    .where(
      and(
        eq(trainingJob.state, TRAINING_STATE.training),
        ne(trainingJob.trainer, 'builtin'),
        lt(trainingJob.updatedAt, before),
      ),
    );
}

/** Marks a job's word from its trainer (keeps it from counting as silent). */
export async function touchJob(db: Db, id: number) {
  await db.update(trainingJob).set({ updatedAt: new Date() }).where(eq(trainingJob.id, id));
}
