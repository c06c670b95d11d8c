import type { JobTypeItem, JobTypeKind } from '@sentinel/contract';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobType, scene } from '../../db/schema/index.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of the job types (hot work, work at height, confined space…). */
export const jobTypeRepo = tableRepo({
  table: jobType,
  search: [jobType.name],
  orderBy: [desc(jobType.createdAt), desc(jobType.id)],
});

type JobTypeRow = typeof jobType.$inferSelect;

/** The rows as the API shows them, with how many scenes use each type. */
async function toItems(db: Db, rows: JobTypeRow[]): Promise<JobTypeItem[]> {
  const ids = rows.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ jobTypeId: scene.jobTypeId, n: count() })
          .from(scene)
          .where(inArray(scene.jobTypeId, ids))
          .groupBy(scene.jobTypeId);
  const scenesOf = new Map(counts.map((c) => [c.jobTypeId, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind as JobTypeKind,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    sceneCount: scenesOf.get(r.id) ?? 0,
  }));
}

const ofKind = (kind: string | null | undefined) => (kind ? eq(jobType.kind, kind) : undefined);

/** A page of the job types (keyword on the name, a kind), newest first, and their number. */
export async function listJobTypes(
  db: Db,
  query: { page: number; limit: number; keyword?: string; kind?: string },
): Promise<{ list: JobTypeItem[]; count: number }> {
  const { rows, count } = await jobTypeRepo.page(db, query, ofKind(query.kind));
  return { list: await toItems(db, rows), count };
}

/** Every job type (of a kind), by name. */
export async function allJobTypes(db: Db, kind: string | null | undefined): Promise<JobTypeItem[]> {
  const rows = await db
    .select()
    .from(jobType)
    .where(ofKind(kind))
    .orderBy(asc(jobType.name), asc(jobType.id));
  return toItems(db, rows);
}

/** One job type as the API shows it. */
export async function findJobType(db: Db, id: number): Promise<JobTypeItem | undefined> {
  const rows = await db.select().from(jobType).where(eq(jobType.id, id));
  return (await toItems(db, rows))[0];
}
