import {
  type FieldError,
  SCENE_KIND_PERMISSION,
  type SceneKind,
  type sceneBody,
  type sceneUpdateBody,
} from '@sentinel/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { fixedOperation, jobType, plantNode, scene, temporaryJob, workflow } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/sessions.ts';
import type { Access } from '../../platform/types.ts';

type CreateInput = z.output<typeof sceneBody>;
type UpdateInput = z.output<typeof sceneUpdateBody>;

/** Access of scene writes: 403 before anything else for callers who may write no scene kind. */
export const SCENE_WRITE_ACCESS: Access = { anyOf: Object.values(SCENE_KIND_PERMISSION) };

/** A write on scenes of `kind` needs the permission of the page that manages that kind. */
export function assertCanWrite(request: FastifyRequest, kind: SceneKind): void {
  if (!hasPermission(requireUser(request), SCENE_KIND_PERMISSION[kind])) throw forbidden();
}

/** References must exist: an unknown area, job type or workflow is a field error (400), not a 409. */
async function checkReferences(db: Db, input: CreateInput): Promise<void> {
  const fields: FieldError[] = [];
  const [area] = await db.select({ id: plantNode.id }).from(plantNode).where(eq(plantNode.id, input.areaId));
  if (!area) fields.push({ field: 'areaId', message: 'scene.areaRequired' });
  if (input.kind !== 'general' && input.jobTypeId) {
    const [type] = await db.select({ id: jobType.id }).from(jobType).where(eq(jobType.id, input.jobTypeId));
    if (!type) fields.push({ field: 'jobTypeId', message: 'scene.jobTypeRequired' });
  }
  if (input.kind === 'job' && input.workflowId) {
    const [flow] = await db
      .select({ id: workflow.id })
      .from(workflow)
      .where(eq(workflow.id, input.workflowId));
    if (!flow) fields.push({ field: 'workflowId', message: 'field.invalid' });
  }
  const first = fields[0];
  if (first) throw badRequest(first.message as 'field.invalid', fields);
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

function temporaryValues(input: CreateInput) {
  const job = input.temporaryJob;
  if (!job) throw badRequest('field.required', [{ field: 'temporaryJob.number', message: 'field.required' }]);
  return {
    number: job.number,
    name: job.name,
    operator: job.operator,
    teamLeader: job.teamLeader,
    guardian: job.guardian,
    address: job.address,
    startTime: toDate(job.startTime),
    endTime: toDate(job.endTime),
  };
}

export async function createScene(db: Db, input: CreateInput, now: Date): Promise<number> {
  await checkReferences(db, input);
  const jobTypeId = input.kind === 'general' ? null : (input.jobTypeId ?? null);
  return guardWrite(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(scene)
          .values({
            name: input.name,
            kind: input.kind,
            areaId: input.areaId,
            jobTypeId,
            description: input.description,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: scene.id });
        if (!row) throw new Error('scene not created');
        if (input.kind === 'job' && jobTypeId) {
          await tx.insert(fixedOperation).values({
            sceneId: row.id,
            jobTypeId,
            workflowId: input.workflowId ?? null,
            createdAt: now,
            updatedAt: now,
          });
        }
        if (input.kind === 'temporary') {
          await tx
            .insert(temporaryJob)
            .values({ sceneId: row.id, ...temporaryValues(input), createdAt: now, updatedAt: now });
        }
        return row.id;
      }),
    { duplicate: 'common.duplicate' },
  );
}

export async function sceneKindOf(db: Db, id: number): Promise<SceneKind> {
  const [row] = await db.select({ kind: scene.kind }).from(scene).where(eq(scene.id, id));
  if (!row) throw notFound();
  return row.kind as SceneKind;
}

/** The area of a scene (404 when unknown). */
export async function sceneAreaOf(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ areaId: scene.areaId }).from(scene).where(eq(scene.id, id));
  if (!row) throw notFound();
  return row.areaId;
}

export async function updateScene(db: Db, input: UpdateInput, now: Date): Promise<void> {
  await checkReferences(db, input);
  const jobTypeId = input.kind === 'general' ? null : (input.jobTypeId ?? null);
  await guardWrite(
    () =>
      db.transaction(async (tx) => {
        await tx
          .update(scene)
          .set({
            name: input.name,
            areaId: input.areaId,
            jobTypeId,
            description: input.description,
            updatedAt: now,
          })
          .where(eq(scene.id, input.id));
        if (input.kind === 'job' && jobTypeId) {
          await tx
            .insert(fixedOperation)
            .values({
              sceneId: input.id,
              jobTypeId,
              workflowId: input.workflowId ?? null,
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: fixedOperation.sceneId,
              set: { jobTypeId, workflowId: input.workflowId ?? null, updatedAt: now },
            });
        }
        if (input.kind === 'temporary') {
          const values = temporaryValues(input);
          await tx
            .insert(temporaryJob)
            .values({ sceneId: input.id, ...values, createdAt: now, updatedAt: now })
            .onConflictDoUpdate({ target: temporaryJob.sceneId, set: { ...values, updatedAt: now } });
        }
      }),
    { duplicate: 'common.duplicate' },
  );
}

/** Kinds of the given scenes; 404 when any id is unknown (then nothing is deleted). */
export async function kindsOf(db: Db, ids: number[]): Promise<Set<SceneKind>> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: scene.id, kind: scene.kind })
    .from(scene)
    .where(inArray(scene.id, unique));
  if (rows.length !== unique.length) throw notFound();
  return new Set(rows.map((r) => r.kind as SceneKind));
}

/** Deletes scenes with their fixed operation, temporary job and camera bindings (cascade). */
export async function deleteScenes(db: Db, ids: number[]): Promise<number> {
  const deleted = await guardWrite(() =>
    db.delete(scene).where(inArray(scene.id, ids)).returning({ id: scene.id }),
  );
  return deleted.length;
}

export async function setSceneEnabled(db: Db, id: number, enabled: boolean, now: Date): Promise<void> {
  await db.update(scene).set({ enabled, updatedAt: now }).where(eq(scene.id, id));
}
