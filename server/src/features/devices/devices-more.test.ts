import {
  type CameraBody,
  type CameraRow,
  DEVICE_API as D,
  type ListResult,
  type PlatformRow,
  type RotationRow,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera, cameraPlatform, cameraRotationGroup, cameraRotationMember } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type DevicesHarness, devicesHarness, multipart } from './test-support.ts';

describe.each(backends)('platforms, rotation, virtual cameras and snapshots on %s', (backend) => {
  let h: DevicesHarness;
  let typeId: number;
  const cams: number[] = [];

  const cameraBody = (i: number, extra: Partial<CameraBody> = {}): CameraBody => ({
    name: `Camera ${i}`,
    code: `R-${i}`,
    cameraTypeId: typeId,
    ip: `10.20.0.${i}`,
    videoPort: 554,
    ...extra,
  });

  beforeAll(async () => {
    h = await devicesHarness(backend);
    const t = await h.call<{ id: number }>('POST', D.cameraType, {
      brand: '宇视',
      model: 'IPC2124',
      type: 'bullet',
    });
    typeId = t.body.data.id;
    for (let i = 1; i <= 4; i++) {
      const c = await h.call<{ id: number }>('POST', D.camera, cameraBody(i));
      cams.push(c.body.data.id);
    }
  });
  afterAll(async () => h?.close());

  describe('camera platforms', () => {
    let platformId: number;
    const body = {
      name: '一厂NVR',
      kind: 'nvr',
      ip: '10.0.0.10',
      port: 8000,
      username: 'admin',
      description: '',
    };

    it('adds, lists and edits a platform', async () => {
      const res = await h.call<{ id: number }>('POST', D.platform, body);
      expect(res.statusCode).toBe(200);
      platformId = res.body.data.id;
      const edit = await h.call('PUT', D.platformById(platformId), { ...body, kind: 'gb28181', port: 5060 });
      expect(edit.statusCode).toBe(200);
      const list = await h.call<ListResult<PlatformRow>>('POST', D.platformList, {
        page: 1,
        limit: 10,
        keyword: 'NVR',
      });
      expect(list.body.data.list[0]).toMatchObject({
        name: '一厂NVR',
        kind: 'gb28181',
        port: 5060,
        cameraCount: 0,
      });
    });

    it.each([
      [{ name: '一厂NVR' }, 409, 'Do not add repeatedly'],
      [{ name: 'P2', ip: '256.1.1.1' }, 400, 'Please enter the correct IP address'],
      [{ name: 'P2', port: 0 }, 400, 'Please enter the correct Port'],
      [{ name: 'P2', port: 70000 }, 400, 'Please enter the correct Port'],
      [{ name: 'P2', kind: 'cloud' }, 400, 'Invalid value'],
      [{ name: ' ' }, 400, 'This cannot be empty'],
    ])('refuses %j and changes nothing', async (patch, status, message) => {
      const before = await h.rows(cameraPlatform);
      const res = await h.call('POST', D.platform, { ...body, ...patch });
      expect(res.statusCode).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await h.rows(cameraPlatform)).toBe(before);
    });

    it('keeps the cameras of a deleted platform, without a platform', async () => {
      await h.call('PUT', D.cameraById(cams[0] ?? 0), cameraBody(1, { platformId }));
      const detail = await h.call<CameraRow>('GET', D.cameraById(cams[0] ?? 0));
      expect(detail.body.data.platformName).toBe('一厂NVR');
      expect(
        (await h.call('DELETE', D.platformById(platformId), undefined, { token: h.operator })).statusCode,
      ).toBe(403);
      expect((await h.call('DELETE', D.platformById(platformId))).statusCode).toBe(200);
      const after = await h.call<CameraRow>('GET', D.cameraById(cams[0] ?? 0));
      expect(after.body.data.platformId).toBeNull();
      expect((await h.call('DELETE', D.platformById(platformId))).statusCode).toBe(404);
    });
  });

  describe('rotation groups', () => {
    let groupId: number;

    it('adds a group with cameras in order and reorders them', async () => {
      const ids = [cams[2], cams[0], cams[1]];
      const res = await h.call<{ id: number }>('POST', D.rotation, {
        name: '夜班轮巡',
        intervalSeconds: 15,
        cameraIds: ids,
      });
      expect(res.statusCode).toBe(200);
      groupId = res.body.data.id;
      const list = await h.call<ListResult<RotationRow>>('POST', D.rotationList, { page: 1, limit: 10 });
      expect(list.body.data.list[0]?.cameras.map((c) => c.id)).toEqual(ids);
      const reordered = [cams[0], cams[2], cams[3]];
      await h.call('PUT', D.rotationById(groupId), {
        name: '夜班轮巡',
        intervalSeconds: 20,
        cameraIds: reordered,
      });
      const after = await h.call<ListResult<RotationRow>>('POST', D.rotationList, { page: 1, limit: 10 });
      expect(after.body.data.list[0]).toMatchObject({ intervalSeconds: 20 });
      expect(after.body.data.list[0]?.cameras.map((c) => c.id)).toEqual(reordered);
    });

    it.each([
      [{ intervalSeconds: 0 }, 400, '请输入正整数'],
      [{ intervalSeconds: 1.5 }, 400, '请输入正整数'],
      [{ intervalSeconds: -3 }, 400, '请输入正整数'],
      [{ name: '' }, 400, '此项不能为空!'],
      [{ name: '夜班轮巡' }, 409, '请勿重复添加'],
      [{ cameraIds: [424242] }, 400, '输入值无效'],
      [{ cameraIds: [1, 1] }, 400, '请勿重复添加'],
    ])('refuses %j and changes nothing', async (patch, status, message) => {
      const before = [await h.rows(cameraRotationGroup), await h.rows(cameraRotationMember)];
      const res = await h.call(
        'POST',
        D.rotation,
        { name: '白班', intervalSeconds: 10, cameraIds: [cams[0]], ...patch },
        { lang: 'zh-CN' },
      );
      expect(res.statusCode).toBe(status);
      expect(res.body.message).toBe(message);
      expect([await h.rows(cameraRotationGroup), await h.rows(cameraRotationMember)]).toEqual(before);
    });

    it('drops a deleted camera from its groups and deletes groups', async () => {
      await h.call('DELETE', D.cameraById(cams[3] ?? 0));
      const list = await h.call<ListResult<RotationRow>>('POST', D.rotationList, { page: 1, limit: 10 });
      expect(list.body.data.list[0]?.cameras).toHaveLength(2);
      expect(
        (await h.call('DELETE', D.rotationById(groupId), undefined, { token: h.operator })).statusCode,
      ).toBe(403);
      expect((await h.call('DELETE', D.rotationById(groupId))).statusCode).toBe(200);
      expect(await h.rows(cameraRotationMember)).toBe(0);
    });
  });

  describe('virtual cameras', () => {
    let virtualId: number;

    it('adds a virtual camera from a url; it appears in pickers but not in the device list', async () => {
      const res = await h.call<{ id: number }>('POST', D.virtual, {
        name: '演示视频',
        code: 'VCAM-001',
        source: 'http://media.example.com/demo/coal-yard.mp4',
      });
      expect(res.statusCode).toBe(200);
      virtualId = res.body.data.id;
      const list = await h.call<ListResult<CameraRow>>('POST', D.virtualList, { page: 1, limit: 10 });
      expect(list.body.data.list.map((c) => [c.code, c.mainStreamUrl, c.virtual])).toEqual([
        ['VCAM-001', 'http://media.example.com/demo/coal-yard.mp4', true],
      ]);
      const devices = await h.call<ListResult<CameraRow>>('POST', D.cameraList, {
        page: 1,
        limit: 10,
        virtual: false,
      });
      expect(devices.body.data.list.some((c) => c.virtual)).toBe(false);
      const picker = await h.call<{ code: string }[]>('POST', D.cameraListAll, {});
      expect(picker.body.data.map((c) => c.code)).toContain('VCAM-001');
      const file = await h.call('PUT', D.virtualById(virtualId), {
        name: '演示视频',
        code: 'VCAM-001',
        source: 'videos/demo.flv',
      });
      expect(file.statusCode).toBe(200);
    });

    it.each([
      [{ source: 'not a url' }, 400, 'Please enter a correct address'],
      [{ source: '../../etc/passwd.mp4' }, 400, 'Please enter a correct address'],
      [{ source: '' }, 400, 'This cannot be empty'],
      [{ code: 'R-2' }, 409, 'This camera code already exists'],
    ])('refuses %j and changes nothing', async (patch, status, message) => {
      const before = await h.rows(camera);
      const res = await h.call('POST', D.virtual, {
        name: 'V',
        code: 'VCAM-X',
        source: 'ws://10.0.0.1/a.flv',
        ...patch,
      });
      expect(res.statusCode).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await h.rows(camera)).toBe(before);
    });

    it('keeps device and virtual endpoints apart, and refuses the operator', async () => {
      expect((await h.call('PUT', D.cameraById(virtualId), cameraBody(9))).statusCode).toBe(404);
      expect(
        (await h.call('PUT', D.virtualById(cams[0] ?? 0), { name: 'x', code: 'x', source: 'a.mp4' }))
          .statusCode,
      ).toBe(404);
      const denied = await h.call(
        'POST',
        D.virtual,
        { name: 'V', code: 'V2', source: 'a.mp4' },
        { token: h.operator },
      );
      expect(denied.statusCode).toBe(403);
      expect((await h.call('DELETE', D.virtualById(virtualId))).statusCode).toBe(200);
    });
  });

  describe('snapshots', () => {
    const png = () =>
      sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 40, g: 90, b: 140 } } })
        .png()
        .toBuffer();

    const upload = (id: number, file: Buffer, name: string, type: string, token = h.admin) => {
      const form = multipart(file, name, type);
      return h.app.inject({
        method: 'POST',
        url: D.cameraSnapshot(id),
        headers: { ...form.headers, token, lang: 'en' },
        payload: form.payload,
      });
    };
    const snapshotOf = async (id: number) =>
      (await h.app.db.select({ p: camera.snapshotPath }).from(camera).where(eq(camera.id, id)))[0]?.p;

    it('stores a PNG snapshot and serves it to logged-in users', async () => {
      const id = cams[1] ?? 0;
      const res = await upload(id, await png(), 'snap.png', 'image/png');
      expect(res.statusCode).toBe(200);
      const url = (res.json() as { data: { snapshotUrl: string } }).data.snapshotUrl;
      expect(url).toMatch(/^\/api\/v2\/backend\/media\/snapshot\/.+\.png$/);
      const detail = await h.call<CameraRow>('GET', D.cameraById(id));
      expect(detail.body.data.snapshotUrl).toBe(url);
      const image = await h.app.inject({ url, headers: { token: h.operator } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect((await h.app.inject({ url })).statusCode).toBe(401);
    });

    it('refuses a disguised file, an oversized image, a missing camera and the operator', async () => {
      const id = cams[1] ?? 0;
      const kept = await snapshotOf(id);
      const fake = await upload(
        id,
        Buffer.from('this is not an image, only text'.repeat(10)),
        'photo.png',
        'image/png',
      );
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toMatchObject({ message: 'Only JPG or PNG images can be uploaded' });
      const noise = await sharp(
        Buffer.alloc(400 * 500 * 3).map(() => Math.floor(Math.random() * 256)),
        {
          raw: { width: 400, height: 500, channels: 3 },
        },
      )
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(500 * 1024);
      const big = await upload(id, noise, 'big.png', 'image/png');
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ message: 'The image cannot exceed 500 KB' });
      expect((await upload(424242, await png(), 's.png', 'image/png')).statusCode).toBe(404);
      expect((await upload(id, await png(), 's.png', 'image/png', h.operator)).statusCode).toBe(403);
      expect(await snapshotOf(id)).toBe(kept);
    });
  });
});
