import type { FlowChart } from '@sentinel/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fixedOperation, workflow, workflowType } from '../../db/schema/index.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

/* ---------- workflow types ---------- */

// Correlated subqueries name their tables explicitly: drizzle renders bare column names inside sql``.
const workflowCount = sql<number>`(select count(*) from "workflow" as "wf" where "wf"."workflow_type_id" = "workflow_type"."id")`;

export async function listWorkflowTypes(db: Db, query: { page: number; limit: number; name: string }) {
  const where = keywordMatch(query.name, [workflowType.name]);
  const [total] = await db.select({ n: count() }).from(workflowType).where(where);
  const rows = await db
    .select({
      id: workflowType.id,
      name: workflowType.name,
      description: workflowType.description,
      workflowCount: workflowCount.mapWith(Number),
      createdAt: workflowType.createdAt,
    })
    .from(workflowType)
    .where(where)
    .orderBy(asc(workflowType.createdAt), asc(workflowType.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
  return { rows, count: Number(total?.n ?? 0) };
}

export function allWorkflowTypes(db: Db) {
  return db
    .select({ id: workflowType.id, name: workflowType.name })
    .from(workflowType)
    .orderBy(asc(workflowType.name), asc(workflowType.id));
}

export async function workflowTypeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: workflowType.id }).from(workflowType).where(eq(workflowType.id, id));
  return Boolean(row);
}

export async function insertWorkflowType(db: Db, values: { name: string; description: string }) {
  const [row] = await db.insert(workflowType).values(values).returning({ id: workflowType.id });
  if (!row) throw new Error('workflow type not created');
  return row.id;
}

/** The previous values, or null when there is no such type. */
export async function updateWorkflowType(
  db: Db,
  id: number,
  values: { name: string; description: string },
): Promise<{ name: string; description: string } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: workflowType.name, description: workflowType.description })
      .from(workflowType)
      .where(eq(workflowType.id, id))
      .for('update');
    if (!before) return null;
    await tx.update(workflowType).set(values).where(eq(workflowType.id, id));
    return before;
  });
}

/**
 * Deletes a type no flowchart uses: 'deleted' with its name, 'inUse' while flowcharts have this
 * type, 'missing' when there is none. (The foreign key restricts as well.)
 */
export async function deleteWorkflowType(
  db: Db,
  id: number,
): Promise<{ result: 'deleted'; name: string } | { result: 'inUse' | 'missing' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: workflowType.name })
      .from(workflowType)
      .where(eq(workflowType.id, id))
      .for('update');
    if (!row) return { result: 'missing' };
    const [uses] = await tx.select({ n: count() }).from(workflow).where(eq(workflow.workflowTypeId, id));
    if (Number(uses?.n ?? 0) > 0) return { result: 'inUse' };
    await tx.delete(workflowType).where(eq(workflowType.id, id));
    return { result: 'deleted', name: row.name };
  });
}

/* ---------- workflows ---------- */

const nodeCount = sql<number>`coalesce(jsonb_array_length("workflow"."chart" -> 'nodes'), 0)`;
const usedBy = sql<number>`(select count(*) from "fixed_operation" as "fo" where "fo"."workflow_id" = "workflow"."id")`;

export async function listWorkflows(
  db: Db,
  query: { page: number; limit: number; name: string; typeId?: number | undefined },
) {
  const filters: SQL[] = [];
  const named = keywordMatch(query.name, [workflow.name]);
  if (named) filters.push(named);
  if (query.typeId) filters.push(eq(workflow.workflowTypeId, query.typeId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(workflow).where(where);
  const rows = await db
    .select({
      id: workflow.id,
      name: workflow.name,
      typeId: workflow.workflowTypeId,
      typeName: workflowType.name,
      nodeCount: nodeCount.mapWith(Number),
      usedBy: usedBy.mapWith(Number),
      createdAt: workflow.createdAt,
      updatedAt: workflow.updatedAt,
    })
    .from(workflow)
    .leftJoin(workflowType, eq(workflowType.id, workflow.workflowTypeId))
    .where(where)
    .orderBy(desc(workflow.updatedAt), desc(workflow.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
  return { rows, count: Number(total?.n ?? 0) };
}

export function allWorkflows(db: Db) {
  return db
    .select({
      id: workflow.id,
      name: workflow.name,
      typeId: workflow.workflowTypeId,
      typeName: workflowType.name,
    })
    .from(workflow)
    .leftJoin(workflowType, eq(workflowType.id, workflow.workflowTypeId))
    .orderBy(asc(workflow.name), asc(workflow.id));
}

export async function getWorkflow(db: Db, id: number) {
  const [row] = await db
    .select({
      id: workflow.id,
      name: workflow.name,
      typeId: workflow.workflowTypeId,
      typeName: workflowType.name,
      chart: workflow.chart,
      updatedAt: workflow.updatedAt,
    })
    .from(workflow)
    .leftJoin(workflowType, eq(workflowType.id, workflow.workflowTypeId))
    .where(eq(workflow.id, id));
  return row ?? null;
}

export async function insertWorkflow(
  db: Db,
  values: { name: string; workflowTypeId: number; chart: FlowChart; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(workflow)
    .values({
      name: values.name,
      workflowTypeId: values.workflowTypeId,
      chart: values.chart,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: workflow.id });
  if (!row) throw new Error('workflow not created');
  return row.id;
}

/** Saves name, type and (when given) the chart; the previous name, or null when there is none. */
export async function updateWorkflow(
  db: Db,
  id: number,
  values: { name: string; workflowTypeId: number; chart?: FlowChart | undefined; now: Date },
): Promise<{ name: string } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: workflow.name })
      .from(workflow)
      .where(eq(workflow.id, id))
      .for('update');
    if (!before) return null;
    await tx
      .update(workflow)
      .set({
        name: values.name,
        workflowTypeId: values.workflowTypeId,
        updatedAt: values.now,
        ...(values.chart ? { chart: values.chart } : {}),
      })
      .where(eq(workflow.id, id));
    return before;
  });
}

/**
 * Deletes a flowchart no fixed operation uses. 'deleted' with its name, 'inUse' while a fixed
 * operation refers to it, 'missing' when there is none.
 */
export async function deleteWorkflow(
  db: Db,
  id: number,
): Promise<{ result: 'deleted'; name: string } | { result: 'inUse' | 'missing' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: workflow.name })
      .from(workflow)
      .where(eq(workflow.id, id))
      .for('update');
    if (!row) return { result: 'missing' };
    const [uses] = await tx
      .select({ n: count() })
      .from(fixedOperation)
      .where(eq(fixedOperation.workflowId, id));
    if (Number(uses?.n ?? 0) > 0) return { result: 'inUse' };
    await tx.delete(workflow).where(eq(workflow.id, id));
    return { result: 'deleted', name: row.name };
  });
}
