import {
  ALARM_API,
  type DeliveryItem,
  type Envelope,
  IDEMPOTENCY_HEADER,
  OUTBOUND_API,
  type ReceiverItem,
  type ReceiverTestResult,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@sentinel/contract';
import { count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboundDelivery, outboundOutbox, planTaskRun } from '../../db/schema/index.ts';
import { backends, createAccountWithPages, login } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness, multipartBody } from '../alarms/ingest-test-support.ts';
import { dispatcherOf } from './routes.ts';
import { signatureOf } from './senders.ts';
import { mqttBroker, mqttSubscriber, until, webhookReceiver } from './test-support.ts';

describe.each(backends)('data upload (webhook, MQTT, outbox) on %s', (backend) => {
  let h: IngestHarness;
  let engineKey: string;
  let jpeg: Buffer;
  let seq = 0;

  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
  ) => {
    const res = await h.app.inject({
      method,
      url,
      headers: { token: token ?? h.admin, lang: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T>, raw: res.body };
  };
  const ingest = async (extra: Record<string, string> = {}) => {
    const { payload, headers } = multipartBody(
      {
        eventId: `out-${++seq}`,
        cameraId: String(h.refs.cameraId),
        sceneId: String(h.refs.sceneId),
        algorithmCode: 'helmet',
        ...extra,
      },
      [{ field: 'image', data: jpeg }],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, 'x-engine-key': engineKey },
      payload,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as Envelope<{ id: number }>).data.id;
  };
  const deliveries = async (filter: Record<string, unknown> = {}) =>
    (
      await call<{ list: DeliveryItem[]; count: number }>('POST', OUTBOUND_API.deliveries, {
        limit: 50,
        ...filter,
      })
    ).body.data;
  const webhook = (url: string, extra: Record<string, unknown> = {}) => ({
    name: `hook-${++seq}`,
    kind: 'webhook',
    url,
    secret: 'top-secret-hmac-key',
    timeoutMs: 2000,
    maxAttempts: 5,
    ...extra,
  });
  const addReceiver = async (body: object) => {
    const res = await call<ReceiverItem>('POST', OUTBOUND_API.addReceiver, body);
    expect(res.statusCode, res.raw).toBe(200);
    return res.body.data;
  };
  const disable = async (r: ReceiverItem, body: object) =>
    call('PUT', OUTBOUND_API.receiver(r.id), { ...body, enabled: false });

  beforeAll(async () => {
    h = await ingestHarness(backend, {
      outbound: {
        dispatch: true,
        pollMs: 20,
        retryBaseMs: 30,
        keepDays: 7,
        publicUrl: 'https://console.test',
      },
    });
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .jpeg()
      .toBuffer();
    const created = await call<{ key: string }>('POST', ALARM_API.engines, { name: 'outbound-engine' });
    engineKey = created.body.data.key;
  });
  afterAll(async () => h?.close());

  it('writes no outbox row while no receiver is enabled', async () => {
    await ingest();
    const [row] = await h.app.db.select({ n: count() }).from(outboundOutbox);
    expect(row?.n).toBe(0);
  });

  it('delivers once after retries to a webhook that fails first, signed with HMAC, with the idempotency key', async () => {
    const peer = await webhookReceiver({ failFirst: 2 });
    const body = webhook(peer.url);
    const r = await addReceiver(body);
    expect(r).toMatchObject({ kind: 'webhook', hasSecret: true });
    expect(JSON.stringify(r)).not.toContain('top-secret');
    const alarmId = await ingest();
    await until(() => peer.received.length === 1, 'the webhook delivery');
    await until(
      async () => (await deliveries({ receiverId: r.id })).list[0]?.state === 'delivered',
      'delivered state',
    );
    const got = peer.received[0];
    if (!got) throw new Error('nothing received');
    expect(peer.calls).toBe(3);
    const ts = String(got.headers[WEBHOOK_TIMESTAMP_HEADER]);
    expect(got.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(signatureOf('top-secret-hmac-key', ts, got.body));
    expect(got.headers[WEBHOOK_SIGNATURE_HEADER]).not.toBe(signatureOf('another-key', ts, got.body));
    expect(got.headers[IDEMPOTENCY_HEADER]).toBe(`alarm-${alarmId}-r${r.id}`);
    expect(got.json).toMatchObject({
      idempotencyKey: `alarm-${alarmId}-r${r.id}`,
      alarm: {
        id: alarmId,
        level: 120003,
        algorithm: '未戴安全帽',
        scene: '焦炉巡检',
        camera: '焦炉顶部摄像头',
        area: '1号焦炉',
        plant: '炼焦车间',
      },
    });
    expect(String(got.json.alarm.imageUrl)).toMatch(/^https:\/\/console\.test\//);
    expect(got.json.message).toContain('未戴安全帽');
    const log = (await deliveries({ receiverId: r.id })).list[0];
    expect(log).toMatchObject({ alarmId, attempts: 3, state: 'delivered', answer: 'thanks' });
    // Acknowledged: never sent again.
    await dispatcherOf(h.app)?.round();
    expect(peer.received).toHaveLength(1);
    await disable(r, body);
    await peer.close();
  });

  it('sends to MQTT with QoS 1 on the topic of the template', async () => {
    const broker = await mqttBroker();
    const sub = await mqttSubscriber(broker.url, 'sentinel-test/#');
    const body = {
      name: `mqtt-${++seq}`,
      kind: 'mqtt',
      brokerUrl: broker.url,
      topicTemplate: 'sentinel-test/{plant}/{scene}/{level}',
      timeoutMs: 3000,
    };
    const r = await addReceiver(body);
    const alarmId = await ingest();
    await until(
      () => sub.messages.some((m) => m.payload.alarm.id === alarmId),
      `the MQTT message (${broker.kind})`,
    );
    const got = sub.messages.find((m) => m.payload.alarm.id === alarmId);
    expect(got).toMatchObject({ topic: 'sentinel-test/炼焦车间/焦炉巡检/120003', qos: 1 });
    expect(got?.payload.idempotencyKey).toBe(`alarm-${alarmId}-r${r.id}`);
    const test = await call<ReceiverTestResult>('POST', OUTBOUND_API.test, body);
    expect(test.body.data).toMatchObject({ ok: true, target: expect.stringMatching(/^sentinel-test\//) });
    await disable(r, body);
    await sub.close();
    await dispatcherOf(h.app)?.mqtt.closeAll();
    await broker.close();
  });

  it('applies the filters (levels, scenes) and puts deliveries in the dead letter after max attempts; redeliver', async () => {
    const peer = await webhookReceiver({ failFirst: 1000 });
    const body = webhook(peer.url, { maxAttempts: 2, filters: { levels: [120004] } });
    const r = await addReceiver(body);
    const skipped = await ingest({ priority: '120001' });
    const urgent = await ingest({ priority: '120004' });
    await until(
      async () => (await deliveries({ receiverId: r.id, state: 'dead' })).count === 1,
      'the dead letter',
    );
    const all = await deliveries({ receiverId: r.id });
    expect(all.list.map((d) => d.alarmId)).toEqual([urgent]);
    expect(all.list.some((d) => d.alarmId === skipped)).toBe(false);
    expect(all.list[0]).toMatchObject({
      state: 'dead',
      attempts: 2,
      lastError: expect.stringContaining('503'),
    });
    expect(peer.calls).toBe(2);

    const again = await call<{ count: number }>('POST', OUTBOUND_API.redeliver, { ids: [all.list[0]?.id] });
    expect(again.body.data.count).toBe(1);
    await until(() => peer.calls === 4, 'the redelivered attempts');
    await until(
      async () => (await deliveries({ receiverId: r.id, state: 'dead' })).count === 1,
      'dead again',
    );
    const notDead = await call('POST', OUTBOUND_API.redeliver, { ids: [999_999] });
    expect(notDead.statusCode).toBe(400);
    const allBack = await call<{ count: number }>('POST', OUTBOUND_API.redeliverAll, { receiverId: r.id });
    expect(allBack.body.data.count).toBe(1);
    await disable(r, body);
    await peer.close();
  });

  it('filters by scene and plant node: a receiver of another scene or plant gets nothing', async () => {
    const peer = await webhookReceiver();
    const other = webhook(peer.url, { filters: { sceneIds: [h.refs.sceneId + 1000] } });
    const otherPlant = webhook(peer.url, { filters: { plantIds: [h.refs.factoryId + 1000] } });
    const mine = webhook(peer.url, { filters: { plantIds: [h.refs.factoryId], sceneIds: [h.refs.sceneId] } });
    const receivers = [await addReceiver(other), await addReceiver(otherPlant), await addReceiver(mine)];
    const alarmId = await ingest();
    await until(() => peer.received.length === 1, 'the matching receiver');
    await dispatcherOf(h.app)?.round();
    expect(peer.received.map((r) => r.json.idempotencyKey)).toEqual([
      `alarm-${alarmId}-r${receivers[2]?.id}`,
    ]);
    expect((await deliveries({ alarmId })).list.map((d) => d.receiverId)).toEqual([receivers[2]?.id]);
    await Promise.all(receivers.map((r, i) => disable(r, [other, otherPlant, mine][i] ?? {})));
    await peer.close();
  });

  it('prunes delivered rows older than the kept days (plan task outboundRetention)', async () => {
    const [some] = await h.app.db
      .select()
      .from(outboundDelivery)
      .where(eq(outboundDelivery.state, 'delivered'));
    if (!some) throw new Error('no delivered row');
    await h.app.db
      .update(outboundDelivery)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(outboundDelivery.id, some.id));
    const before = (await deliveries()).count;
    const run = await h.app.planTasks.runNow('outboundRetention');
    await run?.done;
    const [last] = await h.app.db.select().from(planTaskRun).orderBy(desc(planTaskRun.id)).limit(1);
    expect(last).toMatchObject({ code: 'outboundRetention', outcome: 'ok', summary: { deleted: 1 } });
    expect((await deliveries()).count).toBe(before - 1);
  });

  it('answers the test button with the receiver answer, using the stored secret', async () => {
    const peer = await webhookReceiver({ status: 202 });
    const body = webhook(peer.url, { enabled: false });
    const r = await addReceiver(body);
    const { secret: _omit, ...noSecret } = body;
    const test = await call<ReceiverTestResult>('POST', OUTBOUND_API.test, { ...noSecret, id: r.id });
    expect(test.statusCode).toBe(200);
    expect(test.body.data).toMatchObject({ ok: true, status: 202, answer: 'thanks' });
    const got = peer.received[0];
    const ts = String(got?.headers[WEBHOOK_TIMESTAMP_HEADER]);
    expect(got?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(
      signatureOf('top-secret-hmac-key', ts, got?.body ?? ''),
    );
    const down = await call<ReceiverTestResult>(
      'POST',
      OUTBOUND_API.test,
      webhook('http://127.0.0.1:9/none'),
    );
    expect(down.body.data.ok).toBe(false);
    await peer.close();
  });

  it('never echoes secrets (answers, list, audit) and keeps a stored secret on a blank edit', async () => {
    const body = { ...webhook('http://127.0.0.1:9/x'), enabled: false, secret: 'hidden-one' };
    const r = await addReceiver(body);
    const mqttBody = {
      name: `m-${++seq}`,
      kind: 'mqtt',
      enabled: false,
      brokerUrl: 'mqtt://127.0.0.1:1',
      topicTemplate: 'a/{scene}',
      username: 'u',
      password: 'hidden-two',
    };
    const m = await addReceiver(mqttBody);
    expect(m.hasPassword).toBe(true);
    const edited = await call<ReceiverItem>('PUT', OUTBOUND_API.receiver(r.id), {
      ...body,
      secret: '',
      name: 'renamed',
    });
    expect(edited.body.data).toMatchObject({ name: 'renamed', hasSecret: true });
    const list = await call('POST', OUTBOUND_API.receivers, { limit: 50 });
    const audits = await h.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, String(r.id)));
    const everything = JSON.stringify([list.body, audits.map((a) => a.detail), edited.body]);
    expect(everything).not.toContain('hidden-one');
    expect(everything).not.toContain('hidden-two');
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['dataUpload.create', 'dataUpload.update']),
    );
    expect((await call('DELETE', OUTBOUND_API.receiver(m.id))).statusCode).toBe(200);
    expect((await call('DELETE', OUTBOUND_API.receiver(m.id))).statusCode).toBe(404);
  });

  it('refuses bad input (400) and callers without the page or the button (403)', async () => {
    expect(
      (await call('POST', OUTBOUND_API.addReceiver, { name: 'x', kind: 'webhook', url: 'ftp://x' }))
        .statusCode,
    ).toBe(400);
    const badTopic = await call('POST', OUTBOUND_API.addReceiver, {
      name: 'x',
      kind: 'mqtt',
      brokerUrl: 'mqtt://127.0.0.1:1883',
      topicTemplate: 'a/{nope}/#',
    });
    expect(badTopic.statusCode).toBe(400);
    expect(JSON.stringify(badTopic.body)).toContain('topicTemplate');
    expect((await call('POST', OUTBOUND_API.addReceiver, { name: '', kind: 'smtp' })).statusCode).toBe(400);
    const viewer = await login(h.app, await createAccountWithPages(h.app, ['dataUpload']));
    expect((await call('POST', OUTBOUND_API.receivers, { limit: 10 }, viewer)).statusCode).toBe(200);
    expect(
      (await call('POST', OUTBOUND_API.addReceiver, webhook('http://127.0.0.1:9/'), viewer)).statusCode,
    ).toBe(403);
    expect((await call('POST', OUTBOUND_API.redeliverAll, {}, viewer)).statusCode).toBe(403);
    expect((await call('POST', OUTBOUND_API.receivers, { limit: 10 }, h.operator)).statusCode).toBe(403);
  });
});
