import { createHmac, randomBytes } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  type Lang,
  PRIORITY_LABELS,
  type PriorityCode,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { mediaUrl } from '../../platform/media.ts';
import { alarmMessage } from '../alarm-templates/index.ts';
import type { AlarmForMessage } from './outbox-repo.ts';
import type { ReceiverRow } from './receiver-repo.ts';
import { postJson } from './webhook-client.ts';

/** What a receiver gets for one alarm (JSON). */
export interface OutboundMessage {
  idempotencyKey: string;
  type: 'alarm';
  alarm: {
    id: number;
    time: string;
    level: number;
    levelName: string;
    algorithmId: number | null;
    algorithm: string;
    sceneId: number | null;
    scene: string;
    cameraId: number | null;
    camera: string;
    areaId: number | null;
    area: string;
    plantId: number | null;
    plant: string;
    state: number;
    result: string;
    imageUrl: string;
  };
  message: string;
}

export interface SendResult {
  ok: boolean;
  status: number;
  answer: string;
  target: string;
}

const ANSWER_MAX = 500;
const STATE_NAMES: Record<number, Record<Lang, string>> = {
  1: { en: 'pending', 'zh-CN': '待处理' },
  2: { en: 'processed', 'zh-CN': '已处理' },
  3: { en: 'cancelled', 'zh-CN': '已取消' },
  4: { en: 'awaiting approval', 'zh-CN': '待审批' },
};

const num = (v: string | number | null) => (v === null ? null : Number(v));

function imageUrlOf(app: FastifyInstance, path: string): string {
  if (!path) return '';
  if (/^https?:\/\//.test(path)) return path;
  const local = path.startsWith('/') ? path : mediaUrl(path);
  return `${app.appConfig.outbound.publicUrl}${local}`;
}

/** The message of one alarm for one receiver, in the receiver's language (template: alarm-templates). */
export async function buildMessage(
  app: FastifyInstance,
  a: AlarmForMessage,
  lang: Lang,
  idempotencyKey: string,
): Promise<OutboundMessage> {
  const time = new Date(a.alarm_time).toISOString();
  const levelName = PRIORITY_LABELS[a.priority as PriorityCode]?.[lang] ?? String(a.priority);
  const plant = a.plant_name ?? a.factory_name;
  const imageUrl = imageUrlOf(app, a.alarm_image_draw || a.alarm_image);
  const state = STATE_NAMES[a.alarm_state]?.[lang] ?? String(a.alarm_state);
  const text = await alarmMessage(app, 'outbound', lang, {
    alarmId: String(a.id),
    alarmTime: time,
    level: levelName,
    algorithm: a.video_alarm_type_name,
    scene: a.scene_name,
    camera: a.camera_name,
    area: a.area_name,
    plant,
    state,
    result: a.alarm_result,
    link: imageUrl,
  });
  return {
    idempotencyKey,
    type: 'alarm',
    alarm: {
      id: Number(a.id),
      time,
      level: a.priority,
      levelName,
      algorithmId: num(a.algorithm_id),
      algorithm: a.video_alarm_type_name,
      sceneId: num(a.scene_id),
      scene: a.scene_name,
      cameraId: num(a.camera_id),
      camera: a.camera_name,
      areaId: num(a.area_id),
      area: a.area_name,
      plantId: num(a.factory_id),
      plant,
      state: a.alarm_state,
      result: a.alarm_result,
      imageUrl,
    },
    message: text.body,
  };
}

/** A sample alarm for the test button. */
export function sampleMessage(lang: Lang): OutboundMessage {
  const zh = lang === 'zh-CN';
  return {
    idempotencyKey: `test-${randomBytes(6).toString('hex')}`,
    type: 'alarm',
    alarm: {
      id: 0,
      time: new Date().toISOString(),
      level: 120003,
      levelName: PRIORITY_LABELS[120003][lang],
      algorithmId: null,
      algorithm: zh ? '未戴安全帽（测试）' : 'No helmet (test)',
      sceneId: null,
      scene: zh ? '测试场景' : 'Test scene',
      cameraId: null,
      camera: zh ? '测试摄像头' : 'Test camera',
      areaId: null,
      area: zh ? '测试区域' : 'Test area',
      plantId: null,
      plant: zh ? '测试厂区' : 'Test plant',
      state: 1,
      result: '',
      imageUrl: '',
    },
    message: zh ? '这是一条测试消息' : 'This is a test message',
  };
}

/** HMAC-SHA256 over `timestamp + "." + body`, hex, as `sha256=<hex>`. */
export function signatureOf(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const clip = (text: string) => (text.length > ANSWER_MAX ? `${text.slice(0, ANSWER_MAX)}…` : text);
const reason = (error: unknown) =>
  error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);

/** POSTs the message; 2xx is delivered. Signed when the receiver has a secret. */
export async function sendWebhook(
  r: ReceiverRow,
  msg: OutboundMessage,
  signal?: AbortSignal,
): Promise<SendResult> {
  const body = JSON.stringify(msg);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [IDEMPOTENCY_HEADER]: msg.idempotencyKey,
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
  };
  if (r.secret) headers[WEBHOOK_SIGNATURE_HEADER] = signatureOf(r.secret, timestamp, body);
  try {
    const res = await postJson(r.url, headers, body, r.timeoutMs, ANSWER_MAX, signal);
    const text = clip(res.text);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, answer: ok ? text : `HTTP ${res.status} ${text}`.trim(), target: r.url };
  } catch (error) {
    return { ok: false, status: 0, answer: reason(error), target: r.url };
  }
}

const TOPIC_UNSAFE = /[/#+]/g;

/** The topic of a message: the template's {placeholders} filled (a value cannot add topic levels). */
export function topicOf(template: string, msg: OutboundMessage): string {
  const a = msg.alarm;
  const values: Record<string, string> = {
    plant: a.plant,
    area: a.area,
    scene: a.scene,
    camera: a.camera,
    level: String(a.level),
    algorithm: a.algorithm,
    alarmId: String(a.id),
  };
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? '').replace(TOPIC_UNSAFE, '_') || '_' : whole,
  );
}

/** One MQTT connection per receiver (re-made when the receiver changes or the connection fails). */
export class MqttClients {
  private readonly clients = new Map<number, { key: string; client: Promise<MqttClient> }>();

  private connect(r: ReceiverRow): Promise<MqttClient> {
    return mqtt.connectAsync(r.brokerUrl, {
      clientId: `sentinel-${r.id}-${randomBytes(4).toString('hex')}`,
      ...(r.username ? { username: r.username } : {}),
      ...(r.password ? { password: r.password } : {}),
      connectTimeout: r.timeoutMs,
      reconnectPeriod: 0,
      clean: true,
    });
  }

  async publish(r: ReceiverRow, msg: OutboundMessage): Promise<SendResult> {
    const topic = topicOf(r.topicTemplate, msg);
    const key = `${r.brokerUrl}|${r.updatedAt.toISOString()}`;
    let entry = this.clients.get(r.id);
    if (!entry || entry.key !== key) {
      if (entry) this.drop(r.id, entry.client);
      entry = { key, client: this.connect(r) };
      this.clients.set(r.id, entry);
    }
    const current = entry;
    try {
      const client = await current.client;
      if (!client.connected) throw new Error('not connected');
      await withTimeout(client.publishAsync(topic, JSON.stringify(msg), { qos: 1 }), r.timeoutMs);
      return { ok: true, status: 0, answer: 'PUBACK', target: topic };
    } catch (error) {
      if (this.clients.get(r.id) === current) this.drop(r.id, current.client);
      return { ok: false, status: 0, answer: reason(error), target: topic };
    }
  }

  private drop(id: number, client: Promise<MqttClient>) {
    this.clients.delete(id);
    client.then((c) => c.end(true)).catch(() => undefined);
  }

  async closeAll() {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((e) => e.client.then((c) => c.endAsync(true)).catch(() => undefined)));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** A one-off MQTT publish for the test button (its own connection, closed after). */
export async function testMqtt(r: ReceiverRow, msg: OutboundMessage): Promise<SendResult> {
  const clients = new MqttClients();
  try {
    return await clients.publish(r, msg);
  } finally {
    await clients.closeAll();
  }
}
