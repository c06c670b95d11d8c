import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CameraRow, DEVICE_API as D, type ListResult, type RotationRow } from '@sentinel/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera, cameraType, plantNode } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { seedDevices } from './seed.ts';
import { type DevicesHarness, devicesHarness } from './test-support.ts';

describe.each(backends)('devices demo seed on %s', (backend) => {
  let h: DevicesHarness;
  let mediaDir: string;
  let elapsed = 0;

  beforeAll(async () => {
    h = await devicesHarness(backend);
    mediaDir = join(h.app.appConfig.dataDir, 'media');
    const [plant] = await h.app.db.insert(plantNode).values({ kind: 'plant', name: '焦化车间' }).returning();
    await h.app.db
      .insert(plantNode)
      .values(
        ['1号炉区', '2号炉区', '熄焦塔', '罐区'].map((name) => ({ kind: 'area', name, parentId: plant?.id })),
      );
    const started = performance.now();
    await seedDevices(h.app.db, { mediaDir });
    elapsed = performance.now() - started;
  });
  afterAll(async () => h?.close());

  it('creates types, cameras in the known areas, a rotation group and a virtual camera', async () => {
    expect(await h.rows(cameraType)).toBe(6);
    expect(await h.rows(camera)).toBe(17);
    const list = await h.call<ListResult<CameraRow>>('POST', D.cameraList, {
      page: 1,
      limit: 50,
      virtual: false,
    });
    expect(list.body.data.count).toBe(16);
    const byCode = new Map(list.body.data.list.map((c) => [c.code, c]));
    expect(byCode.get('CAM-001')).toMatchObject({ areaName: '1号炉区', brand: '海康威视', online: true });
    expect(byCode.get('CAM-016')).toMatchObject({ areaId: null, online: false }); // 空压站 is not in this plant
    expect(list.body.data.list.filter((c) => c.online).length).toBeGreaterThan(8);
    expect(list.body.data.list.some((c) => c.moving)).toBe(true);
    const rotation = await h.call<ListResult<RotationRow>>('POST', D.rotationList, { page: 1, limit: 10 });
    expect(rotation.body.data.list[0]?.cameras.map((c) => c.code)).toEqual([
      'CAM-001',
      'CAM-002',
      'CAM-003',
      'CAM-005',
      'CAM-011',
    ]);
    const virtual = await h.call<ListResult<CameraRow>>('POST', D.virtualList, { page: 1, limit: 10 });
    expect(virtual.body.data.list.map((c) => c.code)).toEqual(['VCAM-001']);
  });

  it('stores a 1280×720 JPEG snapshot for every camera, served to logged-in users', async () => {
    const list = await h.call<ListResult<CameraRow>>('POST', D.cameraList, {
      page: 1,
      limit: 50,
      virtual: false,
    });
    for (const c of list.body.data.list) {
      expect(c.snapshotUrl).toMatch(/^\/api\/v2\/backend\/media\/snapshot\/demo-cam-\d{3}\.jpg$/);
      const file = join(mediaDir, 'snapshot', `demo-${c.code.toLowerCase()}.jpg`);
      expect(existsSync(file)).toBe(true);
    }
    const first = readFileSync(join(mediaDir, 'snapshot', 'demo-cam-001.jpg'));
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 720]);
    expect(first.length).toBeLessThan(500 * 1024);
    const url = list.body.data.list[0]?.snapshotUrl ?? '';
    const res = await h.app.inject({ url, headers: { token: h.operator } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('is quick', () => {
    // < 1.5 s on an idle machine; generous here because test files share the CPU.
    expect(elapsed).toBeLessThan(6000);
    console.info(`devices demo seed: ${Math.round(elapsed)} ms`);
  });
});
