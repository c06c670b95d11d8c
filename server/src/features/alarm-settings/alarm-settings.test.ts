import type { AddressInfo } from 'node:net';
import {
  ALARM_API,
  ALARM_RULE_API,
  ALARM_SETTINGS_API,
  ALARM_SETTINGS_CHANGED,
  type AlarmSettings,
  type Envelope,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { alarmSetting, auditLog } from '../../db/schema/index.ts';
import { eventPayloads, openEventStream, type TestEventStream } from '../../test/event-stream.ts';
import { backends, createAccount, createAccountWithPages, login, useTestApp } from '../../test/helpers.ts';
import { multipartFile, testImage } from '../../test/multipart.ts';
import { insertTestAlarm } from '../alarms/test-support.ts';

const S = ALARM_SETTINGS_API.settings;

const openStream = (base: string, token: string) => openEventStream(base, { token });
const payloads = eventPayloads;

const ids = (text: string) => payloads(text, 'alarm.created').map((a) => (a as { id: number }).id);

const alarm = (id: number, cameraId: number | null, priority = 120002) => ({
  id,
  sceneId: null,
  cameraId,
  priority,
  alarmTime: new Date().toISOString(),
  alarmState: 1,
});

/** A minimal mp3: an ID3v2.3 header and one MPEG-1 Layer III frame header. */
const MP3 = Buffer.concat([
  Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(400),
]);

describe.each(backends)('alarm settings on %s', (backend) => {
  const ctx = useTestApp(backend, { heartbeatMs: 60_000 });
  let app: FastifyInstance;
  let admin: string;
  let viewer: string;
  let operator: string;
  let operatorId: number;
  let base: string;

  const call = async <T>(
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    lang = 'en',
  ) => {
    const res = await app.inject({ method, url, headers: { token, lang }, payload });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const save = (payload: object, token = admin, lang = 'en') =>
    call<AlarmSettings>('PUT', S, token, payload, lang);
  const upload = async (file: Buffer, filename: string, contentType: string, lang = 'en') => {
    const form = multipartFile(file, { filename, contentType, fields: { name: filename } });
    const res = await app.inject({
      method: 'POST',
      url: ALARM_SETTINGS_API.sound,
      headers: { token: admin, lang, ...form.headers },
      payload: form.payload,
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<AlarmSettings> };
  };
  let markers = 0;
  const settle = async (s: TestEventStream) => {
    const marker = `marker-${++markers}`;
    await app.bus.publish({ type: 'test.marker', data: { marker } });
    await s.waitFor(marker);
  };

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    viewer = await login(app, await createAccountWithPages(app, ['alarmSettings']));
    const op = await createAccount(app, { roles: ['operator'] });
    operatorId = op.id;
    operator = await login(app, op);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it('answers the defaults to any logged-in user; 401 without a session', async () => {
    const res = await call<AlarmSettings>('GET', S, operator);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      priorities: [],
      cooldownSeconds: 0,
      quietEnabled: false,
      quietFrom: '22:00',
      quietTo: '07:00',
      quietSuppressed: [],
      timeZone: 'UTC',
      sound: 'builtin',
      soundName: '',
      soundSize: 0,
      soundVersion: '',
      updatedAt: null,
    });
    expect((await app.inject({ method: 'GET', url: S })).statusCode).toBe(401);
  });

  it('saves the policy (with the edit button only), audits it and tells every instance', async () => {
    const events: unknown[] = [];
    const off = app.bus.subscribe((e) => events.push(e));
    const policy = {
      priorities: [120004, 120003, 120004],
      cooldownSeconds: 90,
      quietEnabled: true,
      quietFrom: '23:00',
      quietTo: '06:30',
      quietSuppressed: [120001],
      timeZone: 'Asia/Shanghai',
    };
    expect((await save(policy, viewer)).statusCode).toBe(403);
    expect((await save(policy, operator)).statusCode).toBe(403);
    const saved = await save(policy);
    off();
    expect(saved.statusCode).toBe(200);
    expect(saved.body.message).toBe('Saved successfully');
    expect(saved.body.data).toMatchObject({ ...policy, priorities: [120003, 120004], sound: 'builtin' });
    expect((await call<AlarmSettings>('GET', S, operator)).body.data).toEqual(saved.body.data);
    expect(events).toContainEqual(expect.objectContaining({ type: ALARM_SETTINGS_CHANGED }));
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alarmSettings.update'), eq(auditLog.target, 'alarmSettings')));
    expect(audit?.detail).toMatchObject({
      before: { cooldownSeconds: 0 },
      after: { cooldownSeconds: 90, timeZone: 'Asia/Shanghai' },
    });
  });

  it.each([
    [
      { cooldownSeconds: -1 },
      'cooldownSeconds',
      'Enter a whole number of seconds',
      '请输入0到86400之间的整数秒',
    ],
    [{ cooldownSeconds: 86_401 }, 'cooldownSeconds', 'Enter a whole number of seconds', '整数秒'],
    [{ cooldownSeconds: 1.5 }, 'cooldownSeconds', 'Enter a whole number of seconds', '整数秒'],
    [{ priorities: [5] }, 'priorities.0', 'Choose among the four alarm levels', '请选择报警等级'],
    [{ quietSuppressed: ['x'] }, 'quietSuppressed.0', 'Choose among the four alarm levels', '报警等级'],
    [{ quietFrom: '24:00' }, 'quietFrom', 'Enter a time as HH:mm', 'HH:mm'],
    [{ quietTo: '7:00' }, 'quietTo', 'Enter a time as HH:mm', 'HH:mm'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone', '未知的时区'],
  ])('refuses %j on field %s (en and zh-CN), changing nothing', async (patch, field, en, zh) => {
    const before = (await call<AlarmSettings>('GET', S, admin)).body.data;
    for (const [lang, message] of [
      ['en', en],
      ['zh-CN', zh],
    ] as const) {
      const res = await save(patch, admin, lang);
      expect(res.statusCode).toBe(400);
      const fields = (res.body.data as unknown as { fields: { field: string; message: string }[] }).fields;
      expect(fields).toContainEqual({ field, message: expect.stringContaining(message) });
    }
    expect((await call<AlarmSettings>('GET', S, admin)).body.data).toEqual(before);
  });

  describe('the pushed stream', () => {
    it("cooldown: a camera's second alarm within the cooldown is not pushed, and is counted as held back", async () => {
      await save({ cooldownSeconds: 300 });
      const s = await openStream(base, operator);
      await s.waitFor(': connected');
      await app.bus.publish({ type: 'alarm.created', data: alarm(101, 5) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(102, 5) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(103, 6) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(104, 5) });
      // a camera the plant does not know (no id) is told apart by its name
      await app.bus.publish({ type: 'alarm.created', data: { ...alarm(105, null), cameraName: 'CAM-X' } });
      await app.bus.publish({ type: 'alarm.created', data: { ...alarm(106, null), cameraName: 'CAM-X' } });
      const text = await s.waitFor('event: alarm.held');
      expect(ids(text)).toEqual([101, 103, 105]);
      expect(payloads(text, 'alarm.held')).toEqual([{ held: 3, by: 'cooldown' }]);
      s.close();
    });

    it('levels: only the chosen levels are pushed; the global policy applies before the user rule', async () => {
      await save({ priorities: [120003, 120004] });
      const rule = await app.inject({
        method: 'PUT',
        url: ALARM_RULE_API.rule,
        headers: { token: operator },
        payload: { userId: operatorId, type: 1, priorities: [120002, 120004] },
      });
      expect(rule.statusCode).toBe(200);
      const s = await openStream(base, operator);
      await s.waitFor(': connected');
      await app.bus.publish({ type: 'alarm.created', data: alarm(201, 1, 120002) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(202, 1, 120003) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(203, 1, 120004) });
      await settle(s);
      // 120002: refused globally; 120003: refused by the user's rule; 120004: both allow it
      expect(ids(s.text())).toEqual([203]);
      s.close();
      await app.inject({
        method: 'PUT',
        url: ALARM_RULE_API.rule,
        headers: { token: operator },
        payload: { userId: operatorId, type: 1 },
      });
    });

    it('quiet hours: the suppressed levels are not pushed while quiet, the others are', async () => {
      // quiet hours around the current UTC time, then away from it
      const hhmm = (hoursFromNow: number) =>
        new Date(Date.now() + hoursFromNow * 3_600_000).toISOString().slice(11, 16);
      const quiet = { quietEnabled: true, quietSuppressed: [120001, 120002], timeZone: 'UTC' };
      await save({ ...quiet, quietFrom: hhmm(-1), quietTo: hhmm(1) });
      const s = await openStream(base, operator);
      await s.waitFor(': connected');
      await app.bus.publish({ type: 'alarm.created', data: alarm(301, 1, 120001) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(302, 2, 120004) });
      await settle(s);
      expect(ids(s.text())).toEqual([302]);
      // out of the quiet hours the same level is pushed
      await save({ ...quiet, quietFrom: hhmm(3), quietTo: hhmm(5) });
      await app.bus.publish({ type: 'alarm.created', data: alarm(303, 3, 120001) });
      await settle(s);
      expect(ids(s.text())).toEqual([302, 303]);
      s.close();
    });

    it('a policy changed on another instance (stored, then announced on the bus) applies to open streams', async () => {
      await save({});
      const s = await openStream(base, operator);
      await s.waitFor(': connected');
      await app.bus.publish({ type: 'alarm.created', data: alarm(401, 9, 120001) });
      await s.waitFor('"id":401');
      // another instance saves: the row changes and the event comes over the bus
      await app.db
        .update(alarmSetting)
        .set({ policy: { priorities: [120004] } })
        .where(eq(alarmSetting.id, 1));
      await app.bus.publish({ type: ALARM_SETTINGS_CHANGED, data: null });
      await s.waitFor(`event: ${ALARM_SETTINGS_CHANGED}`);
      // the reload finishes when the settings read answers the new policy; poll for it on the stream
      let next = 402;
      const deadline = Date.now() + 5000;
      for (;;) {
        await app.bus.publish({ type: 'alarm.created', data: alarm(next, 9, 120001) });
        await app.bus.publish({ type: 'alarm.created', data: alarm(next + 1, 10, 120004) });
        await s.waitFor(`"id":${next + 1}`);
        if (!ids(s.text()).includes(next)) break;
        next += 2;
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      s.close();
      await save({});
    });
  });

  describe('alarm sound', () => {
    it('accepts an mp3 by its signature and serves it to any user; DELETE goes back to the built-in sound', async () => {
      const res = await upload(MP3, 'siren.mp3', 'audio/mpeg');
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ sound: 'custom', soundName: 'siren.mp3', soundSize: MP3.length });
      expect(res.body.data.soundVersion).not.toBe('');
      const file = await app.inject({
        method: 'GET',
        url: ALARM_SETTINGS_API.sound,
        headers: { token: operator },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('audio/mpeg');
      expect(file.rawPayload.equals(MP3)).toBe(true);
      // as an <audio> element fetches it: with the session cookie
      const byCookie = await app.inject({
        method: 'GET',
        url: ALARM_SETTINGS_API.sound,
        headers: { cookie: `user_token=${operator}` },
      });
      expect(byCookie.statusCode).toBe(200);
      // a frame-sync mp3 without a tag is an mp3 too, whatever its name says
      const bare = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(100)]);
      expect((await upload(bare, 'bell.bin', 'application/octet-stream')).statusCode).toBe(200);
      const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'alarmSettings.sound'));
      expect(audit?.detail).toMatchObject({ name: 'siren.mp3', size: MP3.length });

      const reset = await call<AlarmSettings>('DELETE', ALARM_SETTINGS_API.sound, admin);
      expect(reset.body.data).toMatchObject({ sound: 'builtin', soundName: '', soundSize: 0 });
      const gone = await app.inject({
        method: 'GET',
        url: ALARM_SETTINGS_API.sound,
        headers: { token: operator },
      });
      expect(gone.statusCode).toBe(404);
    });

    it('refuses a renamed png (en and zh-CN), a file over 1 MB, and a non-admin', async () => {
      const png = await testImage('png');
      const en = await upload(png, 'alarm.mp3', 'audio/mpeg');
      expect(en.statusCode).toBe(400);
      expect(en.body.message).toBe('The file is not an mp3 sound (checked by its content)');
      const zh = await upload(png, 'alarm.mp3', 'audio/mpeg', 'zh-CN');
      expect(zh.body.message).toBe('文件不是mp3音频（按文件内容检查）');
      const big = Buffer.concat([MP3, Buffer.alloc(1024 * 1024)]);
      const tooBig = await upload(big, 'big.mp3', 'audio/mpeg');
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.body.message).toBe('The sound file can be at most 1 MB');
      const form = multipartFile(MP3, { filename: 'a.mp3', contentType: 'audio/mpeg' });
      const denied = await app.inject({
        method: 'POST',
        url: ALARM_SETTINGS_API.sound,
        headers: { token: operator, ...form.headers },
        payload: form.payload,
      });
      expect(denied.statusCode).toBe(403);
      expect((await call<AlarmSettings>('GET', S, admin)).body.data.sound).toBe('builtin');
    });
  });
  it("the panel's poll (its first load and catch-up) shows only the levels the policy pushes", async () => {
    const urgent = await insertTestAlarm(app, { alarmTime: new Date(), priority: 120004 });
    const general = await insertTestAlarm(app, { alarmTime: new Date(), priority: 120002 });
    const polled = async () => {
      const res = await app.inject({
        method: 'POST',
        url: ALARM_API.poll,
        headers: { token: admin },
        payload: { count: 20 },
      });
      return (res.json() as Envelope<{ list: { id: number }[] }>).data.list.map((a) => a.id);
    };
    expect(await polled()).toEqual(expect.arrayContaining([urgent.id, general.id]));
    expect((await save({ priorities: [120004] })).statusCode).toBe(200);
    const onlyUrgent = await polled();
    expect(onlyUrgent).toContain(urgent.id);
    expect(onlyUrgent).not.toContain(general.id);
    expect((await save({ priorities: [] })).statusCode).toBe(200);
    expect(await polled()).toContain(general.id);
  });
});
