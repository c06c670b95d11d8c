import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  aiModel,
  algorithm,
  algorithmVersion,
  type InstanceParams,
  videoAlarm,
} from '../../db/schema/index.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of the model base and of the instance wizard's drafts (issue 13 §1, §2). */

export type ModelRow = typeof aiModel.$inferSelect;
export type AlgorithmRow = typeof algorithm.$inferSelect;

export const modelRepo = tableRepo({
  table: aiModel,
  search: [aiModel.name, aiModel.description, aiModel.version],
  orderBy: [desc(aiModel.builtin), asc(aiModel.name), desc(aiModel.id)],
});

export const modelFilter = (query: { task?: string; format?: string }) =>
  and(
    query.task ? eq(aiModel.task, query.task) : undefined,
    query.format ? eq(aiModel.format, query.format) : undefined,
  );

export async function findModel(db: Db, id: number): Promise<ModelRow | undefined> {
  const [row] = await db.select().from(aiModel).where(eq(aiModel.id, id));
  return row;
}

export async function findModelByName(db: Db, name: string): Promise<ModelRow | undefined> {
  const [row] = await db
    .select()
    .from(aiModel)
    .where(eq(aiModel.name, name))
    .orderBy(desc(aiModel.id))
    .limit(1);
  return row;
}

/** How many algorithms (instances and drafts) use each of the given models. */
export async function instanceCounts(db: Db, modelIds: number[]): Promise<Map<number, number>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db
    .select({ modelId: algorithm.modelId, n: count() })
    .from(algorithm)
    .where(inArray(algorithm.modelId, modelIds))
    .groupBy(algorithm.modelId);
  return new Map(rows.map((r) => [r.modelId ?? 0, Number(r.n)]));
}

/** Whether any algorithm or version still refers to the model. */
export async function modelInUse(db: Db, id: number): Promise<boolean> {
  const [a] = await db.select({ n: count() }).from(algorithm).where(eq(algorithm.modelId, id));
  const [v] = await db.select({ n: count() }).from(algorithmVersion).where(eq(algorithmVersion.modelId, id));
  return Number(a?.n ?? 0) + Number(v?.n ?? 0) > 0;
}

export async function insertModel(db: Db, values: typeof aiModel.$inferInsert): Promise<ModelRow> {
  const [row] = await db.insert(aiModel).values(values).returning();
  if (!row) throw new Error('model not inserted');
  return row;
}

/** Of these model files, those a model row holds (the media sweep). */
export async function heldModelFiles(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.select({ file: aiModel.file }).from(aiModel).where(inArray(aiModel.file, paths));
  return new Set(rows.map((r) => r.file));
}

// ---------- Drafts (algorithm rows with draft = true) ----------

export const EMPTY_PARAMS: InstanceParams = {
  sampleImage: '',
  zones: [],
  classes: [],
  thresholds: {},
  level: 120002,
  schedule: [],
};

export async function findAlgorithm(db: Db, id: number): Promise<AlgorithmRow | undefined> {
  const [row] = await db.select().from(algorithm).where(eq(algorithm.id, id));
  return row;
}

export async function insertDraft(db: Db, values: typeof algorithm.$inferInsert): Promise<AlgorithmRow> {
  const [row] = await db.insert(algorithm).values(values).returning();
  if (!row) throw new Error('draft not inserted');
  return row;
}

/** Updates a draft (only while it is one); undefined when it is not a draft (any more). */
export async function updateDraft(
  db: Db,
  id: number,
  values: Partial<typeof algorithm.$inferInsert>,
): Promise<AlgorithmRow | undefined> {
  const [row] = await db
    .update(algorithm)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(algorithm.id, id), eq(algorithm.draft, true)))
    .returning();
  return row;
}

/** Deletes a draft; undefined when it is not a draft. */
export async function deleteDraft(db: Db, id: number): Promise<AlgorithmRow | undefined> {
  const [row] = await db
    .delete(algorithm)
    .where(and(eq(algorithm.id, id), eq(algorithm.draft, true)))
    .returning();
  return row;
}

/** The drafts, newest first (at most 200), with their model's name. */
export async function listDrafts(db: Db) {
  return db
    .select({ row: algorithm, modelName: aiModel.name })
    .from(algorithm)
    .leftJoin(aiModel, eq(aiModel.id, algorithm.modelId))
    .where(eq(algorithm.draft, true))
    .orderBy(desc(algorithm.updatedAt), desc(algorithm.id))
    .limit(200);
}

/** Of these sample images, those an algorithm or a version still holds. */
export async function heldSampleImages(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const a = await db
    .select({ p: sql<string>`${algorithm.params}->>'sampleImage'` })
    .from(algorithm)
    .where(inArray(sql`${algorithm.params}->>'sampleImage'`, paths));
  const v = await db
    .select({ p: sql<string>`${algorithmVersion.params}->>'sampleImage'` })
    .from(algorithmVersion)
    .where(inArray(sql`${algorithmVersion.params}->>'sampleImage'`, paths));
  return new Set([...a, ...v].map((r) => r.p));
}

// ---------- Demo seed ----------

export async function algorithmsByCodes(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  return db.select().from(algorithm).where(inArray(algorithm.code, codes));
}

export async function linkAlgorithmToModel(db: Db, id: number, modelId: number, params: InstanceParams) {
  await db.update(algorithm).set({ modelId, params }).where(eq(algorithm.id, id));
}

/** Gives the seeded alarms the live version of their algorithm (one UPDATE). */
export async function stampAlarmVersions(db: Db): Promise<void> {
  await db
    .update(videoAlarm)
    .set({ algorithmVersionId: algorithm.liveVersionId })
    .from(algorithm)
    .where(and(eq(algorithm.id, videoAlarm.algorithmId), isNotNull(algorithm.liveVersionId)));
}

/** The number of a version (the live one of an instance), or null. */
export async function versionNumber(db: Db, versionId: number | null): Promise<number | null> {
  if (versionId === null) return null;
  const [row] = await db
    .select({ n: algorithmVersion.number })
    .from(algorithmVersion)
    .where(eq(algorithmVersion.id, versionId));
  return row?.n ?? null;
}
