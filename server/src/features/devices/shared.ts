import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { managesArea, type SceneAuthority, sceneAuthority } from '../../platform/scene-authority.ts';

/**
 * The caller's scene authority: limited accounts see only cameras bound to their visible scenes
 * or placed in (or below) a region they manage; any other camera answers 404 as an unknown one.
 */
export function authorityOf(request: FastifyRequest): Promise<SceneAuthority> {
  return sceneAuthority(request.server.db, requireUser(request));
}

/** 403 unless the caller may place a camera in `areaId` (limited accounts: their regions only). */
export async function assertManagesArea(request: FastifyRequest, areaId: number | null | undefined) {
  if (!(await managesArea(request.server.db, await authorityOf(request), areaId))) throw forbidden();
}

/** 400 with one 'field.invalid' error per unknown reference (camera type, area, platform…). */
export function refuseMissing(missing: string[]): void {
  if (missing.length > 0) {
    throw badRequest(
      'field.invalid',
      missing.map((field) => ({ field, message: 'field.invalid' })),
    );
  }
}

export const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });

/** A delete refused with 409 'common.inUse' while other rows still depend on it. */
export function guardDelete<T>(write: () => Promise<T>): Promise<T> {
  return guardWrite(write, { inUse: 'common.inUse' });
}
