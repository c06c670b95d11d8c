import { type LicenceInfo, type LicenceNotice, PRODUCT_VERSION } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/** 'YYYY-MM-DD' of `now` in UTC (the expiry day is compared as a calendar day). */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

function noticeOf(row: repo.InstallationRow, enabledCameras: number, now: Date): LicenceNotice {
  const unlicensed = row.licensedChannels <= 0;
  return {
    licensedChannels: row.licensedChannels,
    enabledCameras,
    unlicensed,
    overLimit: !unlicensed && enabledCameras > row.licensedChannels,
    expired: row.expiresOn !== null && row.expiresOn < dayOf(now),
  };
}

/** The channel warning (camera list, about dialog). */
export async function licenceNotice(db: Db, now: Date): Promise<LicenceNotice> {
  const [row, cameras] = await Promise.all([repo.installationRow(db), repo.enabledCameraCount(db)]);
  return noticeOf(row, cameras, now);
}

export async function licenceInfo(db: Db, now: Date): Promise<LicenceInfo> {
  const [row, cameras] = await Promise.all([repo.installationRow(db), repo.enabledCameraCount(db)]);
  return {
    ...noticeOf(row, cameras, now),
    installationId: row.installationId,
    version: PRODUCT_VERSION,
    licensee: row.licensee,
    expiresOn: row.expiresOn,
    licenseKey: row.licenseKey,
    updatedAt: row.updatedAt.toISOString(),
  };
}
