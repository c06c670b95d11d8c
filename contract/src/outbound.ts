/**
 * System settings › Data upload configuration (issue 16 §4): receivers (HTTP webhook, MQTT) that
 * get every matching alarm from a durable outbox, the delivery log and the dead letter.
 */
import { z } from 'zod';
import { PRIORITY_CODES, pageQuery, recordId, requiredText } from './validators.ts';

const BASE = '/api/v2/backend/dataUpload';

export const OUTBOUND_API = {
  /** POST { page, limit, keyword?, kind? } → receivers (secrets never answered, only `hasSecret`). */
  receivers: `${BASE}/receiver/list`,
  /** POST body → adds a receiver; PUT/DELETE `receiver(id)`. */
  addReceiver: `${BASE}/receiver`,
  receiver: (id: number) => `${BASE}/receiver/${id}`,
  /** POST { id?, ...receiver } → sends a sample message now; answers the receiver's answer. */
  test: `${BASE}/receiver/test`,
  /** POST { page, limit, receiverId?, outcome?, alarmId?, from?, to? } → deliveries, newest first. */
  deliveries: `${BASE}/delivery/list`,
  /** POST { ids } → dead deliveries go back to pending (attempts reset). */
  redeliver: `${BASE}/delivery/redeliver`,
  /** POST { receiverId? } → every dead delivery (of the receiver) goes back to pending. */
  redeliverAll: `${BASE}/delivery/redeliverAll`,
} as const;

/** Published (coalesced, at most once a second per instance) when deliveries or receivers change. */
export const OUTBOUND_EVENT = 'outbound.changed';

export const OUTBOUND_KINDS = ['webhook', 'mqtt'] as const;
export type OutboundKind = (typeof OUTBOUND_KINDS)[number];
export const DELIVERY_STATES = ['pending', 'sending', 'delivered', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** Header carrying `sha256=<hex>` of HMAC-SHA256(secret, timestamp + "." + body). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sentinel-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-sentinel-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Placeholders of an MQTT topic template. */
export const TOPIC_PLACEHOLDERS = [
  'plant',
  'area',
  'scene',
  'camera',
  'level',
  'algorithm',
  'alarmId',
] as const;

const idList = z.array(recordId()).max(500).default([]);

export const receiverFilters = z.object({
  levels: z
    .array(z.union(PRIORITY_CODES.map((c) => z.literal(c))))
    .max(4)
    .default([]),
  plantIds: idList,
  areaIds: idList,
  sceneIds: idList,
  algorithmIds: idList,
});
export type ReceiverFilters = z.infer<typeof receiverFilters>;

const url = (protocols: RegExp) =>
  z
    .string({ error: 'field.url' })
    .trim()
    .max(500, { error: 'field.tooLong' })
    .refine(
      (v) => {
        try {
          return protocols.test(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { error: 'field.url' },
    );

const topicTemplate = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(200, { error: 'field.tooLong' })
  .refine(
    (v) =>
      [...v.matchAll(/\{([^}]*)\}/g)].every((m) =>
        (TOPIC_PLACEHOLDERS as readonly string[]).includes(m[1] ?? ''),
      ) && !/[#+]/.test(v),
    { error: 'outbound.badTopic' },
  );

/** Secrets are write-only: '' (or absent) on an edit keeps the stored one. */
const secret = z.string().max(200, { error: 'field.tooLong' }).optional();

const receiverFields = z.object({
  name: requiredText(64),
  kind: z.enum(OUTBOUND_KINDS, { error: 'field.invalid' }),
  enabled: z.boolean().default(true),
  lang: z.enum(['en', 'zh-CN']).default('en'),
  url: z.string().trim().max(500).default(''),
  secret,
  timeoutMs: z.coerce.number().int().min(100, { error: 'field.invalid' }).max(60_000).default(5_000),
  maxAttempts: z.coerce.number().int().min(1, { error: 'field.invalid' }).max(50).default(8),
  brokerUrl: z.string().trim().max(500).default(''),
  username: z.string().trim().max(100).default(''),
  password: secret,
  topicTemplate: z.string().trim().max(200).default(''),
  filters: receiverFilters.default({ levels: [], plantIds: [], areaIds: [], sceneIds: [], algorithmIds: [] }),
});

function checkReceiver(v: z.infer<typeof receiverFields>, ctx: z.RefinementCtx) {
  const check = (field: 'url' | 'brokerUrl' | 'topicTemplate', schema: z.ZodType) => {
    const r = schema.safeParse(v[field]);
    if (!r.success)
      ctx.addIssue({ code: 'custom', path: [field], message: r.error.issues[0]?.message ?? 'field.invalid' });
  };
  if (v.kind === 'webhook') check('url', url(/^https?:$/));
  else {
    check('brokerUrl', url(/^(mqtts?|wss?|tcp):$/));
    check('topicTemplate', topicTemplate);
  }
}

export const receiverBody = receiverFields.superRefine(checkReceiver);
export type ReceiverBody = z.input<typeof receiverBody>;

export const receiverItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(OUTBOUND_KINDS),
  enabled: z.boolean(),
  lang: z.enum(['en', 'zh-CN']),
  url: z.string(),
  /** Whether a secret / password is stored (never the value). */
  hasSecret: z.boolean(),
  timeoutMs: z.number(),
  maxAttempts: z.number(),
  brokerUrl: z.string(),
  username: z.string(),
  hasPassword: z.boolean(),
  topicTemplate: z.string(),
  filters: receiverFilters,
  /** Deliveries by state (pending includes sending). */
  pending: z.number(),
  delivered: z.number(),
  dead: z.number(),
  updatedAt: z.string(),
});
export type ReceiverItem = z.infer<typeof receiverItem>;

export const receiverListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  kind: z.enum(OUTBOUND_KINDS).optional(),
});
export type ReceiverListQuery = z.infer<typeof receiverListQuery>;
export const receiverList = z.object({ list: z.array(receiverItem), count: z.number() });

export const receiverTestBody = receiverFields
  .extend({ id: recordId().optional() })
  .superRefine(checkReceiver);
export const receiverTestResult = z.object({
  ok: z.boolean(),
  /** HTTP status, or 0 for MQTT / a network failure. */
  status: z.number(),
  answer: z.string(),
  durationMs: z.number(),
  /** What was sent (topic for MQTT, URL for webhooks). */
  target: z.string(),
});
export type ReceiverTestResult = z.infer<typeof receiverTestResult>;

export const deliveryListQuery = pageQuery.extend({
  receiverId: recordId().optional(),
  alarmId: recordId().optional(),
  state: z.enum(DELIVERY_STATES).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

export const deliveryItem = z.object({
  id: z.number(),
  receiverId: z.number(),
  receiverName: z.string(),
  alarmId: z.number(),
  idempotencyKey: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string(),
  answer: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;
export const deliveryList = z.object({ list: z.array(deliveryItem), count: z.number() });

export const redeliverBody = z.object({ ids: z.array(recordId()).min(1).max(500) });
export const redeliverAllBody = z.object({ receiverId: recordId().optional() });
export const redeliverResult = z.object({ count: z.number() });

/** The idempotency key of one alarm at one receiver (also the unique key of the delivery). */
export const idempotencyKeyOf = (receiverId: number, alarmId: number) => `alarm-${alarmId}-r${receiverId}`;

export const OUTBOUND_MESSAGES = {
  'outbound.badTopic': {
    en: 'Use only the placeholders {plant} {area} {scene} {camera} {level} {algorithm} {alarmId}, and no # or +',
    'zh-CN': '只能使用占位符 {plant} {area} {scene} {camera} {level} {algorithm} {alarmId}，且不能含 # 或 +',
  },
  'outbound.notDead': {
    en: 'Only deliveries in the dead letter can be redelivered',
    'zh-CN': '只能重新投递死信中的记录',
  },
} as const;
