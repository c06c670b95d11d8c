import { ALARM_API, API, type Envelope } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngestHarness, ingestHarness, multipartBody } from '../features/alarms/ingest-test-support.ts';
import { createEngine } from '../features/engines/routes.ts';
import { backends, createAccount, TEST_CAPTCHA } from './helpers.ts';
import { pngOfSize, testImage } from './multipart.ts';

/**
 * The faults issue 10's probing found, each checked where a client sees it: ids past the
 * database's `integer`, NUL and broken Unicode in text, cut multipart bodies, and the request
 * budgets (per session, per engine key, none for /healthz).
 */

type FieldErrors = { fields?: { field: string; message: string }[] };
const BASE = '/api/v2/backend';

describe.each(backends)('probed faults answer 4xx on %s', (backend) => {
  let h: IngestHarness;
  let engineKey: string;
  let image: Buffer;
  let seq = 0;

  const ingest = (fields: Record<string, string>, cut = 0) => {
    const { payload, headers } = multipartBody(
      { eventId: `probe-${++seq}`, algorithmCode: 'helmet', cameraId: String(h.refs.cameraId), ...fields },
      [{ field: 'image', data: image, contentType: 'image/png', filename: 'a.png' }],
    );
    return h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, lang: 'en', 'x-engine-key': engineKey },
      payload: cut > 0 ? payload.subarray(0, payload.length - cut) : payload,
    });
  };
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
    h.app.inject({ method, url: BASE + url, headers: { token: h.admin, lang }, payload });

  beforeAll(async () => {
    h = await ingestHarness(backend);
    engineKey = (await createEngine(h.app.db, 'probe engine')).key;
    image = await testImage('png', 16);
  });
  afterAll(async () => h?.close());

  it('answers 400 naming the field for ids past 2³¹−1, in paths, bodies and ingest fields', async () => {
    for (const [method, url] of [
      ['GET', '/camera/2147483648'],
      ['DELETE', '/camera/2147483648'],
      ['GET', '/videoAlarmRecord/statistics/2147483648'],
      ['GET', '/historyAssignment/9007199254740991/detail'],
    ] as const) {
      const res = await asAdmin(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect((res.json() as Envelope<FieldErrors>).data.fields?.[0]?.field).toMatch(/id$/i);
    }
    const body = await asAdmin('POST', '/scene/authority', {
      accountId: 2147483648,
      allScenes: false,
      sceneIds: [h.refs.sceneId],
    });
    expect(body.statusCode).toBe(400);
    expect((body.json() as Envelope<FieldErrors>).data.fields?.[0]?.field).toBe('accountId');
    // The largest id that fits is a plain "no such record".
    expect((await asAdmin('GET', '/camera/2147483647')).statusCode).toBe(404);

    for (const field of ['cameraId', 'sceneId', 'historyAssignmentId']) {
      const res = await ingest({ [field]: '2147483648' });
      expect(res.statusCode, field).toBe(400);
    }
  });

  it('refuses a NUL byte or a lone surrogate in any text with 400 and the field, in the caller’s language', async () => {
    const nul = await asAdmin('POST', '/cameraType', { brand: 'a\u0000b', model: 'M', type: 'T' }, 'zh-CN');
    expect(nul.statusCode).toBe(400);
    const envelope = nul.json() as Envelope<FieldErrors>;
    expect(envelope.data.fields).toEqual([
      { field: 'brand', message: '包含无法保存的字符（空字符或损坏的Unicode编码）' },
    ]);
    expect(envelope.message).toBe('包含无法保存的字符（空字符或损坏的Unicode编码）');

    const surrogate = await asAdmin('POST', '/cameraType', { brand: 'B', model: '\ud800x', type: 'T' });
    expect(surrogate.statusCode).toBe(400);
    expect((surrogate.json() as Envelope<FieldErrors>).data.fields?.[0]?.field).toBe('model');

    const query = await asAdmin('GET', '/export/list?keyword=a%00b');
    expect(query.statusCode).toBe(400);
    expect((query.json() as Envelope<FieldErrors>).data.fields?.[0]?.field).toBe('keyword');

    for (const field of ['alarmResult', 'eventId']) {
      const res = await ingest({ [field]: 'x\u0000y' });
      expect(res.statusCode, field).toBe(400);
      expect((res.json() as Envelope<FieldErrors>).data.fields?.[0]?.field).toBe(field);
    }
    // Nothing was stored by the refused calls; a clean one still goes in.
    expect((await ingest({ alarmResult: '正常文本 ✓' })).statusCode).toBe(200);
  });

  it('takes engine images up to 2 MB, as the README says, and refuses larger ones with 413', async () => {
    const send = async (url: string, fields: Record<string, string>, size: number) => {
      const { payload, headers } = multipartBody(fields, [
        { field: 'image', data: await pngOfSize(size), contentType: 'image/png', filename: 'a.png' },
      ]);
      return h.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'x-engine-key': engineKey },
        payload,
      });
    };
    const alarm = (size: number) =>
      send(
        ALARM_API.ingest,
        { eventId: `size-${++seq}`, algorithmCode: 'helmet', cameraId: String(h.refs.cameraId) },
        size,
      );
    const event = (size: number) =>
      send(
        `${BASE}/ingest/event`,
        { eventId: `size-${++seq}`, eventName: 'e', sceneId: String(h.refs.sceneId) },
        size,
      );
    const twoMb = 2 * 1024 * 1024;
    expect((await alarm(twoMb)).statusCode).toBe(200);
    expect((await alarm(twoMb + 1)).statusCode).toBe(413);
    expect((await event(twoMb)).statusCode).toBe(200);
    expect((await event(twoMb + 1)).statusCode).toBe(413);
  });

  it('answers 400 to a multipart body cut short, on ingest and on user uploads', async () => {
    const raw = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-engine-key': engineKey, lang: 'en' },
      payload: '--xyz\r\nContent-Disposition: form-data; n',
    });
    expect(raw.statusCode).toBe(400);
    expect((raw.json() as Envelope).message).toBe('The uploaded form is incomplete or damaged');
    expect((await ingest({}, 40)).statusCode).toBe(400);

    const upload = await h.app.inject({
      method: 'POST',
      url: `${BASE}/media/image?kind=snapshot`,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', token: h.admin },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(upload.statusCode).toBe(400);
  });
});

describe('request budgets', () => {
  let h: IngestHarness;
  let image: Buffer;
  beforeAll(async () => {
    h = await ingestHarness('pglite', { generalRateLimit: 5, ingestRateLimit: 3 });
    image = await testImage('png', 16);
  });
  afterAll(async () => h?.close());

  /** Logs in from its own address (captcha and login are anonymous calls: counted per address). */
  const loginFrom = async (who: { name: string; password: string }, remoteAddress: string) => {
    const captcha = await h.app.inject({ method: 'GET', url: API.captcha, remoteAddress });
    const key = (captcha.json() as Envelope<{ key: string }>).data.key;
    const res = await h.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress,
      payload: { username: who.name, password: who.password, key, code: TEST_CAPTCHA },
    });
    return (res.json() as Envelope<{ token: string }>).data.token;
  };

  it('never answers /healthz with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('counts logged-in calls per session, anonymous calls per address', async () => {
    // Two operators behind one address (one NAT): each has its own budget.
    const first = await loginFrom(await createAccount(h.app), '10.5.5.1');
    const second = await loginFrom(await createAccount(h.app), '10.5.5.2');
    const call = (token: string) =>
      h.app.inject({ method: 'GET', url: API.userInfo, headers: { token }, remoteAddress: '10.1.1.1' });
    const firstStatuses = [];
    for (let i = 0; i < 6; i++) firstStatuses.push((await call(first)).statusCode);
    expect(firstStatuses.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(firstStatuses[5]).toBe(429);
    expect((await call(second)).statusCode).toBe(200);

    const anonymous = [];
    for (let i = 0; i < 6; i++) {
      anonymous.push(
        (await h.app.inject({ method: 'GET', url: API.captcha, remoteAddress: '10.2.2.2' })).statusCode,
      );
    }
    expect(anonymous[5]).toBe(429);
    expect(
      (await h.app.inject({ method: 'GET', url: API.captcha, remoteAddress: '10.3.3.3' })).statusCode,
    ).toBe(200);
  });

  it('limits ingest per engine key with a 429 the engine can back off from', async () => {
    const keys = [
      (await createEngine(h.app.db, 'fast engine')).key,
      (await createEngine(h.app.db, 'calm engine')).key,
    ];
    let seq = 0;
    const ingest = (key: string) => {
      const { payload, headers } = multipartBody(
        { eventId: `budget-${++seq}`, algorithmCode: 'helmet', cameraId: String(h.refs.cameraId) },
        [{ field: 'image', data: image, contentType: 'image/png', filename: 'a.png' }],
      );
      return h.app.inject({
        method: 'POST',
        url: ALARM_API.ingest,
        headers: { ...headers, 'x-engine-key': key },
        payload,
        remoteAddress: '10.9.9.9',
      });
    };
    const fast = [];
    for (let i = 0; i < 4; i++) fast.push(await ingest(keys[0] as string));
    expect(fast.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(fast[3]?.statusCode).toBe(429);
    expect(Number(fast[3]?.headers['retry-after'])).toBeGreaterThan(0);
    // Another engine at the same address is not held back.
    expect((await ingest(keys[1] as string)).statusCode).toBe(200);
  });
});
