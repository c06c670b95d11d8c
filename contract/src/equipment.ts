import { z } from 'zod';
import { email, ipAddress, optionalText, pageQuery, port, positiveInt, requiredText } from './validators.ts';

/**
 * Other devices and servers (issue 3 §3): IoT equipment, sensors, DCS points, analysis/media
 * servers and the mail server. Paths are not shown in the SPEC; they follow its style.
 */
const BASE = '/api/v2/backend';
export const EQUIPMENT_API = {
  iotList: `${BASE}/iotEquipment/list`,
  iotAll: `${BASE}/iotEquipment/list/all`,
  iot: `${BASE}/iotEquipment`,
  iotOne: (id: number) => `${BASE}/iotEquipment/${id}`,
  sensorList: `${BASE}/sensor/list`,
  sensor: `${BASE}/sensor`,
  sensorOne: (id: number) => `${BASE}/sensor/${id}`,
  dcsList: `${BASE}/dcsPoint/list`,
  dcs: `${BASE}/dcsPoint`,
  dcsOne: (id: number) => `${BASE}/dcsPoint/${id}`,
  serverList: `${BASE}/analysisServer/list`,
  server: `${BASE}/analysisServer`,
  serverOne: (id: number) => `${BASE}/analysisServer/${id}`,
  mail: `${BASE}/mailServer`,
  mailTest: `${BASE}/mailServer/test`,
  /** Built by the plant feature: the factory / plant / area tree for area pickers. */
  plantTree: `${BASE}/plant/tree`,
} as const;

/** An optional reference to another row (area, IoT device): a positive id or null. */
const optionalRef = z.preprocess((v) => (v === '' || v === undefined ? null : v), positiveInt.nullable());

/** An optional number (threshold, limit): empty means none. */
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number({ error: 'field.invalid' }).finite({ error: 'field.invalid' }).nullable(),
);

/** Every equipment list: SPEC pagination, a keyword (name or code) and an area (with its sub-areas). */
export const equipmentListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, { error: 'field.tooLong' }).default(''),
  areaId: z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveInt.optional()),
});
export type EquipmentListQuery = z.input<typeof equipmentListQuery>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), count: z.number() });

// ---------- IoT equipment ----------

export const IOT_PROTOCOLS = ['MQTT', 'Modbus-TCP', 'HTTP'] as const;
export type IotProtocol = (typeof IOT_PROTOCOLS)[number];

export const iotEquipmentBody = z.object({
  name: requiredText(50),
  code: requiredText(50),
  kind: optionalText(50),
  protocol: z.enum(IOT_PROTOCOLS, { error: 'field.required' }),
  ip: ipAddress,
  port,
  areaId: optionalRef,
  online: z.boolean().default(false),
  description: optionalText(500),
});
export type IotEquipmentBody = z.input<typeof iotEquipmentBody>;

export const iotEquipmentItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  kind: z.string(),
  protocol: z.string(),
  ip: z.string(),
  port: z.number(),
  areaId: z.number().nullable(),
  areaName: z.string().nullable(),
  online: z.boolean(),
  description: z.string(),
  updatedAt: z.string(),
});
export type IotEquipmentItem = z.infer<typeof iotEquipmentItem>;
export const iotEquipmentList = listOf(iotEquipmentItem);
export const iotEquipmentOption = z.object({ id: z.number(), name: z.string(), code: z.string() });
export type IotEquipmentOption = z.infer<typeof iotEquipmentOption>;

// ---------- Sensors ----------

export const SENSOR_KINDS = [
  'gas',
  'temperature',
  'pressure',
  'smoke',
  'humidity',
  'level',
  'other',
] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

/** low < high when both are set; the message sits on the high field. */
const thresholdsInOrder =
  <K extends string>(low: K, high: K) =>
  (value: Record<K, number | null>, ctx: z.RefinementCtx) => {
    // Also runs when other fields failed: judge only two well-formed numbers.
    const lo: unknown = value[low];
    const hi: unknown = value[high];
    if (typeof lo !== 'number' || typeof hi !== 'number' || !Number.isFinite(lo) || !Number.isFinite(hi))
      return;
    if (!(lo < hi)) {
      ctx.addIssue({ code: 'custom', path: [high], message: 'threshold.order' });
    }
  };

export const sensorBody = z
  .object({
    name: requiredText(50),
    code: requiredText(50),
    kind: z.enum(SENSOR_KINDS, { error: 'field.required' }),
    unit: optionalText(20),
    lowThreshold: optionalNumber,
    highThreshold: optionalNumber,
    iotEquipmentId: optionalRef,
    areaId: optionalRef,
    description: optionalText(500),
  })
  .superRefine(thresholdsInOrder('lowThreshold', 'highThreshold'));
export type SensorBody = z.input<typeof sensorBody>;

export const sensorItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  kind: z.string(),
  unit: z.string(),
  lowThreshold: z.number().nullable(),
  highThreshold: z.number().nullable(),
  iotEquipmentId: z.number().nullable(),
  iotEquipmentName: z.string().nullable(),
  areaId: z.number().nullable(),
  areaName: z.string().nullable(),
  description: z.string(),
  updatedAt: z.string(),
});
export type SensorItem = z.infer<typeof sensorItem>;
export const sensorList = listOf(sensorItem);

// ---------- DCS points ----------

export const dcsPointBody = z
  .object({
    tag: requiredText(64),
    name: requiredText(50),
    unit: optionalText(20),
    areaId: optionalRef,
    lowLimit: optionalNumber,
    highLimit: optionalNumber,
    description: optionalText(500),
  })
  .superRefine(thresholdsInOrder('lowLimit', 'highLimit'));
export type DcsPointBody = z.input<typeof dcsPointBody>;

export const dcsPointItem = z.object({
  id: z.number(),
  tag: z.string(),
  name: z.string(),
  unit: z.string(),
  areaId: z.number().nullable(),
  areaName: z.string().nullable(),
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
  description: z.string(),
  updatedAt: z.string(),
});
export type DcsPointItem = z.infer<typeof dcsPointItem>;
export const dcsPointList = listOf(dcsPointItem);

// ---------- Analysis / media / storage servers ----------

export const SERVER_KINDS = ['analysis', 'media', 'storage'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

export const serverListQuery = equipmentListQuery.extend({
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SERVER_KINDS).optional()),
});
export type ServerListQuery = z.input<typeof serverListQuery>;

export const serverBody = z.object({
  name: requiredText(50),
  kind: z.enum(SERVER_KINDS, { error: 'field.required' }),
  ip: ipAddress,
  port,
  online: z.boolean().default(false),
  description: optionalText(500),
});
export type ServerBody = z.input<typeof serverBody>;

export const serverItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  ip: z.string(),
  port: z.number(),
  online: z.boolean(),
  description: z.string(),
  updatedAt: z.string(),
});
export type ServerItem = z.infer<typeof serverItem>;
export const serverList = listOf(serverItem);

// ---------- Mail server ----------

/** Host name (RFC 1123 labels) or IPv4 address. */
const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const mailServerBody = z.object({
  host: z.string({ error: 'field.host' }).trim().regex(HOST, { error: 'field.host' }),
  port,
  encrypted: z.boolean().default(false),
  username: optionalText(100),
  /** Absent or empty: keep the stored password. */
  password: z.string().max(200, { error: 'field.tooLong' }).optional(),
  /** Forget the stored password (an account without authentication). */
  clearPassword: z.boolean().default(false),
  fromAddress: email,
  testAddress: email,
});
export type MailServerBody = z.input<typeof mailServerBody>;

/** The stored settings; the password itself is never sent back, only whether one is set. */
export const mailServerSettings = z.object({
  host: z.string(),
  port: z.number(),
  encrypted: z.boolean(),
  username: z.string(),
  passwordSet: z.boolean(),
  fromAddress: z.string(),
  testAddress: z.string(),
  /** Null until saved once. */
  updatedAt: z.string().nullable(),
});
export type MailServerSettings = z.infer<typeof mailServerSettings>;

/** Result of a test message: the SMTP server's answer line. */
export const mailTestResult = z.object({ response: z.string(), recipient: z.string() });
export type MailTestResult = z.infer<typeof mailTestResult>;

/** Node of GET /plant/tree as the area pickers read it (extra fields are ignored). */
export interface AreaTreeNode {
  id: number;
  name: string;
  kind?: string;
  children?: AreaTreeNode[];
}
