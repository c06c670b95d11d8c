import { stat } from 'node:fs/promises';
import { type CollieryInfo, PLANT_API, type saveCollieryInfoBody } from '@sentinel/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { appSetting } from '../../db/schema/index.ts';
import { DEFAULT_SMALL_LOGO } from '../../db/seed.ts';
import { badRequest } from '../../platform/errors.ts';
import { mediaRoot, resolveMediaPath } from '../../platform/media.ts';
import type { SessionUser } from '../../platform/types.ts';

/**
 * Colliery (unit) information lives in app_setting. The logo is a stored media image
 * ('unit.logo'); `smallLogo` — what GET application/ answers, shown in the sidebar and on the
 * login page — points at the public logo route with the file name as a cache-buster.
 */
export const KEYS = {
  unitName: 'unit.name',
  shortName: 'unit.shortName',
  address: 'unit.address',
  phone: 'unit.phone',
  logoPath: 'unit.logo',
  smallLogo: 'smallLogo',
} as const;

/** Only images uploaded with kind 'logo' can become the logo. */
const LOGO_PATH = /^logo\/[0-9a-f]{24}\.(png|jpg)$/;

export const logoUrlOf = (path: string) =>
  path
    ? `${PLANT_API.collieryLogo}?v=${encodeURIComponent(path.slice('logo/'.length, path.lastIndexOf('.')))}`
    : '';

async function readSettings(app: FastifyInstance): Promise<Map<string, string>> {
  const rows = await app.db
    .select()
    .from(appSetting)
    .where(inArray(appSetting.key, Object.values(KEYS)));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function getCollieryInfo(app: FastifyInstance): Promise<CollieryInfo> {
  const s = await readSettings(app);
  const logoPath = s.get(KEYS.logoPath) ?? '';
  return {
    unitName: s.get(KEYS.unitName) ?? '',
    shortName: s.get(KEYS.shortName) ?? '',
    address: s.get(KEYS.address) ?? '',
    phone: s.get(KEYS.phone) ?? '',
    logoPath,
    logoUrl: logoUrlOf(logoPath),
  };
}

/** Absolute file of the current logo, or undefined when the built-in logo is used. */
export async function currentLogoFile(app: FastifyInstance): Promise<string | undefined> {
  const s = await readSettings(app);
  const path = s.get(KEYS.logoPath) ?? '';
  if (!LOGO_PATH.test(path)) return undefined;
  return resolveMediaPath(mediaRoot(app), path);
}

export async function saveCollieryInfo(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  body: z.output<typeof saveCollieryInfoBody>,
): Promise<CollieryInfo> {
  const logoPath = body.logoPath;
  if (logoPath) {
    const file = LOGO_PATH.test(logoPath) ? resolveMediaPath(mediaRoot(app), logoPath) : undefined;
    const exists = file ? (await stat(file).catch(() => undefined))?.isFile() : false;
    if (!exists) throw badRequest('image.type', [{ field: 'logoPath', message: 'image.type' }]);
  }
  const before = await getCollieryInfo(app);
  const values: Record<string, string> = {
    [KEYS.unitName]: body.unitName,
    [KEYS.shortName]: body.shortName,
    [KEYS.address]: body.address,
    [KEYS.phone]: body.phone,
    [KEYS.logoPath]: logoPath,
  };
  if (logoPath !== before.logoPath)
    values[KEYS.smallLogo] = logoPath ? logoUrlOf(logoPath) : DEFAULT_SMALL_LOGO;
  await app.db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(values)) {
      await tx
        .insert(appSetting)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSetting.key, set: { value } });
    }
  });
  const after = await getCollieryInfo(app);
  await app.audit.write({
    accountId: user.accountId,
    accountName: user.accountName,
    action: 'collieryInfo.update',
    target: 'collieryInfo',
    detail: {
      before: { ...before, logoUrl: undefined },
      after: { ...after, logoUrl: undefined },
    },
    ip: request.ip,
    request,
  });
  return after;
}
