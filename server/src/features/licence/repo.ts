import { randomUUID } from 'node:crypto';
import type { LicenceBody } from '@sentinel/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, installation } from '../../db/schema/index.ts';

export type InstallationRow = typeof installation.$inferSelect;

/**
 * The installation row, created at the first call with a fresh random id (one row, id 1; two
 * instances racing both read the winner's id).
 */
export async function installationRow(db: Db): Promise<InstallationRow> {
  const [found] = await db.select().from(installation).where(eq(installation.id, 1));
  if (found) return found;
  await db.insert(installation).values({ id: 1, installationId: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select().from(installation).where(eq(installation.id, 1));
  if (!row) throw new Error('installation row missing');
  return row;
}

export async function saveLicence(
  db: Db,
  body: Required<Pick<LicenceBody, 'licensee' | 'licensedChannels' | 'expiresOn' | 'licenseKey'>>,
  now: Date,
): Promise<void> {
  await installationRow(db);
  await db
    .update(installation)
    .set({
      licensee: body.licensee,
      licensedChannels: Number(body.licensedChannels),
      expiresOn: body.expiresOn,
      licenseKey: body.licenseKey,
      updatedAt: now,
    })
    .where(eq(installation.id, 1));
}

/** Cameras that are enabled: each uses one licensed channel. */
export async function enabledCameraCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(camera).where(eq(camera.enabled, true));
  return Number(row?.n ?? 0);
}
