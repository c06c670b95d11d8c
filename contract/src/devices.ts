import { z } from 'zod';
import {
  idNumber,
  ipAddress,
  latitude,
  longitude,
  optionalText,
  pageQuery,
  port,
  positiveInt,
  requiredText,
} from './validators.ts';

/**
 * Devices domain (SPEC §3 Camera, /deviceManagement): camera types, cameras, camera platforms,
 * rotation groups and virtual cameras. Paths are relative to the origin.
 */
const BASE = '/api/v2/backend';
export const DEVICE_API = {
  cameraTypeList: `${BASE}/cameraType/list`,
  cameraTypeAll: `${BASE}/cameraType/all`,
  cameraType: `${BASE}/cameraType`,
  cameraTypeById: (id: number) => `${BASE}/cameraType/${id}`,
  cameraList: `${BASE}/camera/list`,
  cameraListAll: `${BASE}/camera/list/all`,
  camera: `${BASE}/camera`,
  cameraById: (id: number) => `${BASE}/camera/${id}`,
  cameraSnapshot: (id: number) => `${BASE}/camera/${id}/snapshot`,
  platformList: `${BASE}/cameraPlatform/list`,
  platformAll: `${BASE}/cameraPlatform/all`,
  platform: `${BASE}/cameraPlatform`,
  platformById: (id: number) => `${BASE}/cameraPlatform/${id}`,
  rotationList: `${BASE}/cameraRotation/list`,
  rotation: `${BASE}/cameraRotation`,
  rotationById: (id: number) => `${BASE}/cameraRotation/${id}`,
  virtualList: `${BASE}/virtualCamera/list`,
  virtual: `${BASE}/virtualCamera`,
  virtualById: (id: number) => `${BASE}/virtualCamera/${id}`,
  /** Built by the plant feature: the factory / plant / area tree. */
  plantTree: `${BASE}/plant/tree`,
} as const;

/** Camera protocols ("agreement" in SPEC §3). */
export const CAMERA_AGREEMENTS = ['rtsp', 'gb28181', 'onvif', 'hiksdk', 'dhsdk', 'rtmp'] as const;
export type CameraAgreement = (typeof CAMERA_AGREEMENTS)[number];
export const AGREEMENT_LABELS: Record<CameraAgreement, string> = {
  rtsp: 'RTSP',
  gb28181: 'GB28181',
  onvif: 'ONVIF',
  hiksdk: 'HIKSDK',
  dhsdk: 'DHSDK',
  rtmp: 'RTMP',
};

/** Camera platform kinds: NVR, GB28181 platform, vendor platform. */
export const PLATFORM_KINDS = ['nvr', 'gb28181', 'vendor'] as const;
export type PlatformKind = (typeof PLATFORM_KINDS)[number];

/** Common camera form types (free text is accepted too). */
export const CAMERA_TYPE_KINDS = ['bullet', 'dome', 'ptz', 'fisheye', 'thermal', 'box'] as const;

const STREAM_PROTOCOLS = ['rtsp:', 'rtmp:', 'http:', 'https:', 'ws:', 'wss:'];

export function isStreamUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return STREAM_PROTOCOLS.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A stream address (rtsp://, rtmp://, http(s)://, ws(s)://), or empty. */
export const streamUrl = z
  .string({ error: 'field.url' })
  .trim()
  .max(500, { error: 'field.tooLong' })
  .refine((v) => v === '' || isStreamUrl(v), { error: 'field.url' })
  .default('');

const VIDEO_FILE = /^[\w\-./]+\.(mp4|flv|m3u8)$/i;

/** Source of a virtual camera: a stream url (mp4 / HLS / FLV over http, ws, rtsp) or a media file path. */
export function isVirtualSource(value: string): boolean {
  return isStreamUrl(value) || (VIDEO_FILE.test(value) && !value.includes('..'));
}

const idRef = idNumber('field.required');
const optionalIdRef = idNumber().nullable().default(null);
const bool = (fallback: boolean) => z.boolean().default(fallback);

// ── Camera types ────────────────────────────────────────────────────────────────────────────
export const cameraTypeBody = z.object({
  brand: requiredText(64),
  model: requiredText(64),
  type: requiredText(32),
});
export type CameraTypeBody = z.infer<typeof cameraTypeBody>;

export const cameraTypeListQuery = pageQuery.extend({ keyword: z.string().trim().max(100).default('') });
export type CameraTypeListQuery = z.input<typeof cameraTypeListQuery>;

export const cameraTypeRow = z.object({
  id: z.number(),
  brand: z.string(),
  model: z.string(),
  type: z.string(),
  cameraCount: z.number(),
  createdAt: z.string(),
});
export type CameraTypeRow = z.infer<typeof cameraTypeRow>;

// ── Cameras ─────────────────────────────────────────────────────────────────────────────────
export const cameraBody = z.object({
  name: requiredText(64),
  code: requiredText(64),
  cameraTypeId: idRef,
  ip: ipAddress,
  videoPort: port,
  controlPort: port.nullable().default(null),
  agreement: z.enum(CAMERA_AGREEMENTS, { error: 'field.invalid' }).default('rtsp'),
  username: optionalText(64),
  deviceSerial: optionalText(64),
  deviceCode: optionalText(64),
  positionLabel: optionalText(100),
  longitude: longitude.nullable().default(null),
  latitude: latitude.nullable().default(null),
  moving: bool(false),
  areaId: optionalIdRef,
  platformId: optionalIdRef,
  mainStreamUrl: streamUrl,
  subStreamUrl: streamUrl,
  enabled: bool(true),
});
export type CameraBody = z.input<typeof cameraBody>;

export const cameraListQuery = pageQuery.extend({
  /** Name, code or IP (contains, case-insensitive). */
  keyword: z.string().trim().max(100).default(''),
  /** The area and every node below it. */
  areaId: idNumber().nullish(),
  online: z.boolean().nullish(),
  cameraTypeId: idNumber().nullish(),
  /** Camera form type of the catalogue (bullet, dome…). */
  type: z.string().trim().max(32).nullish(),
  /** Virtual cameras only (true), devices only (false) or both (absent). */
  virtual: z.boolean().nullish(),
  enabled: z.boolean().nullish(),
});
export type CameraListQuery = z.input<typeof cameraListQuery>;
export type CameraListFilter = z.output<typeof cameraListQuery>;

export const cameraRow = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  cameraTypeId: z.number().nullable(),
  brand: z.string(),
  model: z.string(),
  type: z.string(),
  ip: z.string(),
  videoPort: z.number().nullable(),
  controlPort: z.number().nullable(),
  agreement: z.string(),
  username: z.string(),
  deviceSerial: z.string(),
  deviceCode: z.string(),
  positionLabel: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  moving: z.boolean(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  areaId: z.number().nullable(),
  areaName: z.string(),
  platformId: z.number().nullable(),
  platformName: z.string(),
  mainStreamUrl: z.string(),
  subStreamUrl: z.string(),
  virtual: z.boolean(),
  snapshotUrl: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CameraRow = z.infer<typeof cameraRow>;

export const cameraListAllQuery = z.object({
  keyword: z.string().trim().max(100).default(''),
  areaId: idNumber().nullish(),
  virtual: z.boolean().nullish(),
});
export type CameraListAllQuery = z.input<typeof cameraListAllQuery>;
export type CameraListAllFilter = z.output<typeof cameraListAllQuery>;

/** Picker entry (`camera/list/all`). */
export const cameraOption = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  areaId: z.number().nullable(),
  online: z.boolean(),
  virtual: z.boolean(),
  snapshotUrl: z.string().nullable(),
});
export type CameraOption = z.infer<typeof cameraOption>;

// ── Virtual cameras ─────────────────────────────────────────────────────────────────────────
export const virtualCameraBody = z.object({
  name: requiredText(64),
  code: requiredText(64),
  /** A stream url (http(s)/ws(s)/rtsp; mp4, HLS or FLV) or a media file path like videos/a.mp4. */
  source: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(500, { error: 'field.tooLong' })
    .refine(isVirtualSource, { error: 'field.url' }),
  areaId: optionalIdRef,
  positionLabel: optionalText(100),
  enabled: bool(true),
});
export type VirtualCameraBody = z.input<typeof virtualCameraBody>;

// ── Camera platforms ────────────────────────────────────────────────────────────────────────
export const platformBody = z.object({
  name: requiredText(64),
  kind: z.enum(PLATFORM_KINDS, { error: 'field.invalid' }),
  ip: ipAddress,
  port,
  username: optionalText(64),
  description: optionalText(500),
});
export type PlatformBody = z.input<typeof platformBody>;

export const platformListQuery = cameraTypeListQuery;
export const platformRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  ip: z.string(),
  port: z.number(),
  username: z.string(),
  description: z.string(),
  cameraCount: z.number(),
  createdAt: z.string(),
});
export type PlatformRow = z.infer<typeof platformRow>;

// ── Rotation groups ─────────────────────────────────────────────────────────────────────────
export const rotationBody = z.object({
  name: requiredText(64),
  intervalSeconds: positiveInt.pipe(z.number().max(86_400, { error: 'field.positiveInt' })),
  /** Member cameras in play order. */
  cameraIds: z
    .array(idNumber())
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'common.duplicate' })
    .default([]),
});
export type RotationBody = z.input<typeof rotationBody>;

export const rotationListQuery = cameraTypeListQuery;
export const rotationRow = z.object({
  id: z.number(),
  name: z.string(),
  intervalSeconds: z.number(),
  cameras: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), online: z.boolean() })),
  createdAt: z.string(),
});
export type RotationRow = z.infer<typeof rotationRow>;

export const deviceIdResponse = z.object({ id: z.number() });
export const snapshotResponse = z.object({ snapshotUrl: z.string() });
