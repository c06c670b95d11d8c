import { deviceIdResponse, idParams, rotationBody, rotationListQuery, rotationRow } from '@sentinel/contract';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { camera, cameraRotationGroup, cameraRotationMember } from '../../db/schema/index.ts';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { cameraCondition, type SceneAuthority } from '../../platform/scene-authority.ts';
import { likePattern } from '../../platform/sql.ts';
import { authorityOf, listOf, refuseMissing } from './shared.ts';

/** Members of the groups, in order: only the cameras the caller's scene authority shows. */
async function membersOf(db: Db, groupIds: number[], auth: SceneAuthority) {
  if (groupIds.length === 0)
    return new Map<number, { id: number; name: string; code: string; online: boolean }[]>();
  const rows = await db
    .select({
      groupId: cameraRotationMember.groupId,
      id: camera.id,
      name: camera.name,
      code: camera.code,
      online: camera.online,
    })
    .from(cameraRotationMember)
    .innerJoin(camera, eq(camera.id, cameraRotationMember.cameraId))
    .where(and(inArray(cameraRotationMember.groupId, groupIds), cameraCondition(auth)))
    .orderBy(asc(cameraRotationMember.sort), asc(cameraRotationMember.id));
  const byGroup = new Map<number, { id: number; name: string; code: string; online: boolean }[]>();
  for (const { groupId, ...member } of rows) {
    const list = byGroup.get(groupId) ?? [];
    list.push(member);
    byGroup.set(groupId, list);
  }
  return byGroup;
}

/** Cameras the caller may not name count as unknown (scene authority). */
async function unknownCameras(db: Db, ids: number[], auth: SceneAuthority): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: camera.id })
    .from(camera)
    .where(and(inArray(camera.id, ids), cameraCondition(auth)));
  return found.length === new Set(ids).size ? [] : ['cameraIds'];
}

/** Camera rotation groups (/deviceManagement/cameraRotationSet): ordered cameras and an interval. */
export const rotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['camera rotation'];
  const write = { access: { permission: 'cameraRotationSet' } } as const;

  app.post('/cameraRotation/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Rotation groups with their cameras in order',
      body: rotationListQuery,
      response: { 200: envelopeOf(listOf(rotationRow)) },
    },
    handler: async (request) => {
      const { page, limit, keyword } = request.body;
      const where = keyword ? ilike(cameraRotationGroup.name, likePattern(keyword)) : undefined;
      const [total] = await app.db.select({ n: count() }).from(cameraRotationGroup).where(where);
      const groups = await app.db
        .select()
        .from(cameraRotationGroup)
        .where(where)
        .orderBy(desc(cameraRotationGroup.createdAt), desc(cameraRotationGroup.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const members = await membersOf(
        app.db,
        groups.map((g) => g.id),
        await authorityOf(request),
      );
      const list = groups.map((g) => ({
        id: g.id,
        name: g.name,
        intervalSeconds: g.intervalSeconds,
        cameras: members.get(g.id) ?? [],
        createdAt: g.createdAt.toISOString(),
      }));
      return ok(request, { list, count: Number(total?.n ?? 0) });
    },
  });

  app.post('/cameraRotation', {
    config: write,
    schema: {
      tags,
      summary: 'Add a rotation group',
      body: rotationBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { name, intervalSeconds, cameraIds } = request.body;
      refuseMissing(await unknownCameras(app.db, cameraIds, await authorityOf(request)));
      const id = await guardWrite(
        () =>
          app.db.transaction(async (tx) => {
            const [row] = await tx
              .insert(cameraRotationGroup)
              .values({ name, intervalSeconds })
              .returning({ id: cameraRotationGroup.id });
            if (!row) throw new Error('rotation group not inserted');
            if (cameraIds.length > 0) {
              await tx
                .insert(cameraRotationMember)
                .values(cameraIds.map((cameraId, sort) => ({ groupId: row.id, cameraId, sort })));
            }
            return row.id;
          }),
        { duplicate: 'common.duplicate' },
      );
      await auditChange(app, request, 'cameraRotation.create', id, { name, intervalSeconds, cameraIds });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.put('/cameraRotation/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Edit a rotation group (its cameras are replaced, in the given order)',
      params: idParams,
      body: rotationBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const { name, intervalSeconds, cameraIds } = request.body;
      refuseMissing(await unknownCameras(app.db, cameraIds, await authorityOf(request)));
      const found = await guardWrite(
        () =>
          app.db.transaction(async (tx) => {
            const updated = await tx
              .update(cameraRotationGroup)
              .set({ name, intervalSeconds })
              .where(eq(cameraRotationGroup.id, id))
              .returning({ id: cameraRotationGroup.id });
            if (updated.length === 0) return false;
            await tx.delete(cameraRotationMember).where(eq(cameraRotationMember.groupId, id));
            if (cameraIds.length > 0) {
              await tx
                .insert(cameraRotationMember)
                .values(cameraIds.map((cameraId, sort) => ({ groupId: id, cameraId, sort })));
            }
            return true;
          }),
        { duplicate: 'common.duplicate' },
      );
      if (!found) throw notFound();
      await auditChange(app, request, 'cameraRotation.update', id, { name, intervalSeconds, cameraIds });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.delete('/cameraRotation/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Delete a rotation group',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const deleted = await app.db
        .delete(cameraRotationGroup)
        .where(eq(cameraRotationGroup.id, id))
        .returning({ name: cameraRotationGroup.name });
      if (deleted.length === 0) throw notFound();
      await auditChange(app, request, 'cameraRotation.delete', id, { name: deleted[0]?.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
