import { ALARM_API, translate } from '@sentinel/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { algorithm, camera, plantNode, scene, sceneCamera } from '../db/schema/index.ts';
import { multipartBody } from '../features/alarms/ingest-test-support.ts';
import { createEngine } from '../features/engines/routes.ts';
import { backends, useTestApp } from '../test/helpers.ts';
import { servesRoute } from './instance-role.ts';

const API = '/api/v2/backend';

describe('which routes a role serves', () => {
  it('ingest: the ingest API and health only; web: everything else; all: everything', () => {
    for (const url of [`${API}/ingest/videoAlarm`, `${API}/ingest/event`, `${API}/ingest/dcsAlarm`]) {
      expect([
        servesRoute('ingest', url, API),
        servesRoute('web', url, API),
        servesRoute('all', url, API),
      ]).toEqual([true, false, true]);
    }
    for (const url of [
      `${API}/videoAlarmRecord/list`,
      `${API}/login`,
      '/',
      '/assets/app.js',
      `${API}/events`,
    ]) {
      expect([
        servesRoute('ingest', url, API),
        servesRoute('web', url, API),
        servesRoute('all', url, API),
      ]).toEqual([false, true, true]);
    }
    expect(['ingest', 'web', 'all'].every((role) => servesRoute(role as 'all', '/healthz', API))).toBe(true);
  });
});

describe.each(backends)('ROLE on %s', (backend) => {
  describe('ROLE=ingest', () => {
    const t = useTestApp(backend, { role: 'ingest' });
    let key = '';
    let cameraId = 0;
    let sceneId = 0;
    let jpeg: Buffer;

    beforeAll(async () => {
      const db = t.app.db;
      const [cam] = await db.insert(camera).values({ name: 'Oven top', code: 'CAM-R1' }).returning();
      const [area] = await db.insert(plantNode).values({ kind: 'factory', name: 'Coking' }).returning();
      if (!area) throw new Error('no area');
      const [sc] = await db.insert(scene).values({ name: 'Oven patrol', areaId: area.id }).returning();
      await db.insert(algorithm).values({ code: 'helmet', name: 'No helmet', defaultLevel: 120003 });
      if (!cam || !sc) throw new Error('fixtures not created');
      await db.insert(sceneCamera).values({ sceneId: sc.id, cameraId: cam.id });
      cameraId = cam.id;
      sceneId = sc.id;
      key = (await createEngine(db, 'role engine')).key;
      jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
        .jpeg()
        .toBuffer();
    });

    it('accepts an engine alarm', async () => {
      const { payload, headers } = multipartBody(
        { eventId: 'role-1', cameraId: String(cameraId), sceneId: String(sceneId), algorithmCode: 'helmet' },
        [{ field: 'image', data: jpeg }],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: ALARM_API.ingest,
        headers: { ...headers, lang: 'en', 'x-engine-key': key },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 0, data: { duplicate: false } });
    });

    it('answers health', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });

    it('refuses the console API, in the caller’s language, before asking for a session', async () => {
      for (const lang of ['en', 'zh-CN'] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${API}/videoAlarmRecord/list`,
          headers: { lang },
        });
        expect(res.statusCode).toBe(421);
        expect(res.json().message).toBe(translate('instance.ingestOnly', lang));
      }
      const login = await t.app.inject({ method: 'GET', url: `${API}/login/captcha` });
      expect(login.statusCode).toBe(421);
    });
  });

  describe('ROLE=web', () => {
    const t = useTestApp(backend, { role: 'web' });

    it('refuses the ingest API with a clear answer, even with a key', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: ALARM_API.ingest,
        headers: { lang: 'en', 'x-engine-key': 'whatever' },
      });
      expect(res.statusCode).toBe(421);
      expect(res.json().message).toBe(translate('instance.webOnly', 'en'));
      expect(res.json().message).toContain('ROLE=web');
    });

    it('serves the console API and health', async () => {
      expect((await t.app.inject({ method: 'GET', url: `${API}/login/captcha` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });
});
