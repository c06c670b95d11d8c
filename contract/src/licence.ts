/** Licence settings (issue 15 §6): the installation's id, version and licensed camera channels. */
import { z } from 'zod';

const BASE = '/api/v2/backend';

export const LICENCE_API = {
  /** GET → {@link LicenceInfo}. Menu `licenseSettings` (admin). */
  info: `${BASE}/licence`,
  /** PUT {@link licenceBody} → {@link LicenceInfo}. Menu `licenseSettings` (admin). Audited. */
  update: `${BASE}/licence`,
  /** GET → {@link LicenceNotice}: the channel warning only (any logged-in user: camera list, about). */
  notice: `${BASE}/licence/notice`,
} as const;

/** The product version shown on the licence page and in the about dialog. */
export const PRODUCT_VERSION = 'V3.8';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const licenceBody = z.object({
  /** Who the licence is issued to. */
  licensee: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(100, { error: 'field.tooLong' }),
  /** Licensed camera channels (1…100000). */
  licensedChannels: z.coerce
    .number({ error: 'field.invalid' })
    .int({ error: 'field.invalid' })
    .min(1, { error: 'licence.channelsMin' })
    .max(100_000, { error: 'field.invalid' }),
  /** Last valid day 'YYYY-MM-DD'; null = no expiry. */
  expiresOn: z
    .string({ error: 'field.invalid' })
    .regex(DAY, { error: 'field.invalid' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'field.invalid' })
    .nullable()
    .default(null),
  /** The key printed on the licence document, kept for reference ('' = none). */
  licenseKey: z.string({ error: 'field.invalid' }).trim().max(200, { error: 'field.tooLong' }).default(''),
});
export type LicenceBody = z.input<typeof licenceBody>;

export const licenceNotice = z.object({
  licensedChannels: z.number(),
  enabledCameras: z.number(),
  /** Enabled cameras exceed the licensed channels (a licence has been entered). */
  overLimit: z.boolean(),
  /** A licence with an expiry day before today. */
  expired: z.boolean(),
  /** No licence entered yet. */
  unlicensed: z.boolean(),
});
export type LicenceNotice = z.infer<typeof licenceNotice>;

export const licenceInfo = licenceNotice.extend({
  installationId: z.string(),
  version: z.string(),
  licensee: z.string(),
  expiresOn: z.string().nullable(),
  licenseKey: z.string(),
  updatedAt: z.string(),
});
export type LicenceInfo = z.infer<typeof licenceInfo>;

export const LICENCE_MESSAGES = {
  'licence.channelsMin': { en: 'At least 1 channel', 'zh-CN': '至少1路' },
} as const;
