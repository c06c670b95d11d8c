import { type CameraBody, type CameraRow, DEVICE_API as D, type ListResult } from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, camera, cameraType, plantNode, scene, sceneCamera } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type DevicesHarness, devicesHarness } from './test-support.ts';

describe.each(backends)('cameras and camera types on %s', (backend) => {
  let h: DevicesHarness;
  let typeId: number;
  let domeId: number;
  let areaA: number;
  let areaB: number;
  let plant: number;

  const good = (extra: Partial<CameraBody> = {}): CameraBody => ({
    name: 'East gate',
    code: `CAM-${Math.random().toString(36).slice(2, 8)}`,
    cameraTypeId: typeId,
    ip: '10.1.2.3',
    videoPort: 554,
    controlPort: 8000,
    agreement: 'rtsp',
    longitude: 112.55,
    latitude: 37.87,
    areaId: areaA,
    mainStreamUrl: 'rtsp://10.1.2.3:554/Streaming/Channels/101',
    subStreamUrl: 'ws://10.1.2.3:8080/live/102.flv',
    ...extra,
  });

  beforeAll(async () => {
    h = await devicesHarness(backend);
    const [factory] = await h.app.db.insert(plantNode).values({ kind: 'factory', name: '一厂' }).returning();
    const [p] = await h.app.db
      .insert(plantNode)
      .values({ kind: 'plant', name: '焦化车间', parentId: factory?.id })
      .returning();
    plant = p?.id ?? 0;
    const [a] = await h.app.db
      .insert(plantNode)
      .values({ kind: 'area', name: '煤场', parentId: plant })
      .returning();
    const [b] = await h.app.db
      .insert(plantNode)
      .values({ kind: 'area', name: '北门', parentId: factory?.id })
      .returning();
    areaA = a?.id ?? 0;
    areaB = b?.id ?? 0;
  });
  afterAll(async () => h?.close());

  describe('camera types', () => {
    it('adds a type and refuses the same brand, model and type combination', async () => {
      const created = await h.call<{ id: number }>('POST', D.cameraType, {
        brand: '海康威视',
        model: 'DS-2CD3T46',
        type: 'bullet',
      });
      expect(created.statusCode).toBe(200);
      expect(created.body.message).toBe('Saved successfully');
      typeId = created.body.data.id;
      const dome = await h.call<{ id: number }>('POST', D.cameraType, {
        brand: '大华',
        model: 'SD49425',
        type: 'dome',
      });
      domeId = dome.body.data.id;
      const before = await h.rows(cameraType);
      const again = await h.call('POST', D.cameraType, {
        brand: '海康威视',
        model: 'DS-2CD3T46',
        type: 'bullet',
      });
      expect(again.statusCode).toBe(409);
      expect(again.body.message).toBe('This camera brand, model and type combination already exists');
      const zh = await h.call(
        'POST',
        D.cameraType,
        { brand: ' 海康威视 ', model: 'DS-2CD3T46', type: 'bullet' },
        { lang: 'zh-CN' },
      );
      expect(zh.body.message).toBe('摄像机品牌、型号和类型组合不能重复');
      expect(await h.rows(cameraType)).toBe(before);
      // Same brand and model with another type is a different combination.
      const other = await h.call('POST', D.cameraType, {
        brand: '海康威视',
        model: 'DS-2CD3T46',
        type: 'dome',
      });
      expect(other.statusCode).toBe(200);
    });

    it('refuses an edit into an existing combination and keeps the row', async () => {
      const res = await h.call('PUT', D.cameraTypeById(domeId), {
        brand: '海康威视',
        model: 'DS-2CD3T46',
        type: 'bullet',
      });
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe('This camera brand, model and type combination already exists');
      const [row] = await h.app.db.select().from(cameraType).where(eq(cameraType.id, domeId));
      expect(row?.brand).toBe('大华');
      const renamed = await h.call('PUT', D.cameraTypeById(domeId), {
        brand: '大华',
        model: 'SD49425-HC',
        type: 'ptz',
      });
      expect(renamed.statusCode).toBe(200);
      expect(
        (await h.call('PUT', D.cameraTypeById(99999), { brand: 'a', model: 'b', type: 'dome' })).statusCode,
      ).toBe(404);
    });

    it('needs brand, model and type', async () => {
      const res = await h.call<{ fields: { field: string; message: string }[] }>('POST', D.cameraType, {
        brand: '  ',
        model: 'X',
        type: 'bullet',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('This cannot be empty');
      expect(res.body.data.fields[0]?.field).toBe('brand');
    });

    it('lists with keyword and pagination; the operator may read but not write', async () => {
      const list = await h.call<ListResult<{ brand: string }>>('POST', D.cameraTypeList, {
        page: 1,
        limit: 10,
        keyword: '大华',
      });
      expect(list.body.data.count).toBe(1);
      const all = await h.call<unknown[]>('GET', D.cameraTypeAll, undefined, { token: h.operator });
      expect(all.statusCode).toBe(200);
      expect(all.body.data.length).toBe(3);
      const before = await h.rows(cameraType);
      const denied = await h.call(
        'POST',
        D.cameraType,
        { brand: 'X', model: 'Y', type: 'Z' },
        { token: h.operator },
      );
      expect(denied.statusCode).toBe(403);
      expect(
        (await h.call('DELETE', D.cameraTypeById(domeId), undefined, { token: h.operator })).statusCode,
      ).toBe(403);
      expect(await h.rows(cameraType)).toBe(before);
    });
  });

  describe('cameras', () => {
    let id: number;

    it('adds a camera with every field and answers it in detail', async () => {
      const res = await h.call<{ id: number }>(
        'POST',
        D.camera,
        good({ name: '煤场东', code: 'CAM-001', moving: true }),
      );
      expect(res.statusCode).toBe(200);
      id = res.body.data.id;
      const detail = await h.call<CameraRow>('GET', D.cameraById(id));
      expect(detail.body.data).toMatchObject({
        name: '煤场东',
        code: 'CAM-001',
        brand: '海康威视',
        model: 'DS-2CD3T46',
        type: 'bullet',
        ip: '10.1.2.3',
        videoPort: 554,
        controlPort: 8000,
        longitude: 112.55,
        moving: true,
        online: false,
        areaId: areaA,
        areaName: '煤场',
        virtual: false,
        snapshotUrl: null,
        enabled: true,
      });
      const audit = await h.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'camera.create'), eq(auditLog.target, String(id))));
      expect(audit).toHaveLength(1);
    });

    it.each([
      ['ip', { ip: '256.1.1.1' }, 'Please enter the correct IP address', '请输入正确的IP地址'],
      ['ip', { ip: '10.1.2' }, 'Please enter the correct IP address', '请输入正确的IP地址'],
      ['videoPort', { videoPort: 0 }, 'Please enter the correct Port', '请输入正确的端口'],
      ['videoPort', { videoPort: 70000 }, 'Please enter the correct Port', '请输入正确的端口'],
      ['controlPort', { controlPort: 70000 }, 'Please enter the correct Port', '请输入正确的端口'],
      ['longitude', { longitude: 181 }, 'Longitude must be between -180 and 180', '经度必须在-180到180之间'],
      ['latitude', { latitude: -91 }, 'Latitude must be between -90 and 90', '纬度必须在-90到90之间'],
      ['name', { name: '' }, 'This cannot be empty', '此项不能为空!'],
      [
        'mainStreamUrl',
        { mainStreamUrl: 'ftp://10.1.2.3/a' },
        'Please enter a correct address',
        '请输入正确的地址',
      ],
    ])('refuses a bad %s (%j) and changes nothing', async (field, patch, en, zh) => {
      const before = await h.rows(camera);
      const res = await h.call<{ fields: { field: string; message: string }[] }>(
        'POST',
        D.camera,
        good(patch),
      );
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(en);
      expect(res.body.data.fields).toContainEqual({ field, message: en });
      const cn = await h.call('POST', D.camera, good(patch), { lang: 'zh-CN' });
      expect(cn.body.message).toBe(zh);
      const edit = await h.call('PUT', D.cameraById(id), good({ ...patch, code: 'CAM-001' }));
      expect(edit.statusCode).toBe(400);
      expect(await h.rows(camera)).toBe(before);
      const detail = await h.call<CameraRow>('GET', D.cameraById(id));
      expect(detail.body.data.name).toBe('煤场东');
    });

    it('refuses an unknown camera type or area', async () => {
      const res = await h.call<{ fields: { field: string }[] }>(
        'POST',
        D.camera,
        good({ cameraTypeId: 99999 }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.body.data.fields.map((f) => f.field)).toEqual(['cameraTypeId']);
      expect((await h.call('POST', D.camera, good({ areaId: 99999 }))).statusCode).toBe(400);
    });

    it('refuses a duplicate code on add and edit', async () => {
      const before = await h.rows(camera);
      const res = await h.call('POST', D.camera, good({ code: 'CAM-001' }));
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe('This camera code already exists');
      expect(await h.rows(camera)).toBe(before);
      const other = await h.call<{ id: number }>('POST', D.camera, good({ code: 'CAM-002', name: '北门' }));
      const edit = await h.call(
        'PUT',
        D.cameraById(other.body.data.id),
        good({ code: 'CAM-001', name: '北门' }),
      );
      expect(edit.statusCode).toBe(409);
      const kept = await h.call<CameraRow>('GET', D.cameraById(other.body.data.id));
      expect(kept.body.data.code).toBe('CAM-002');
    });

    it('edits a camera', async () => {
      const res = await h.call(
        'PUT',
        D.cameraById(id),
        good({ name: '煤场东门', code: 'CAM-001', areaId: areaB }),
      );
      expect(res.statusCode).toBe(200);
      const detail = await h.call<CameraRow>('GET', D.cameraById(id));
      expect(detail.body.data).toMatchObject({ name: '煤场东门', areaName: '北门', moving: false });
      await h.call('PUT', D.cameraById(id), good({ name: '煤场东', code: 'CAM-001', moving: true }));
    });

    it('answers 404 camera.notFound for a missing camera', async () => {
      const res = await h.call('GET', D.cameraById(424242), undefined, { lang: 'zh-CN' });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe('未找到摄像头！');
      expect((await h.call('PUT', D.cameraById(424242), good())).statusCode).toBe(404);
      expect((await h.call('DELETE', D.cameraById(424242))).statusCode).toBe(404);
    });

    it('refuses the operator every write', async () => {
      const before = await h.rows(camera);
      const opts = { token: h.operator };
      expect((await h.call('POST', D.camera, good(), opts)).statusCode).toBe(403);
      expect(
        (await h.call('PUT', D.cameraById(id), good({ code: 'CAM-001', name: 'x' }), opts)).statusCode,
      ).toBe(403);
      expect((await h.call('DELETE', D.cameraById(id), undefined, opts)).statusCode).toBe(403);
      expect(await h.rows(camera)).toBe(before);
      expect((await h.call<CameraRow>('GET', D.cameraById(id), undefined, opts)).body.data.name).toBe(
        '煤场东',
      );
    });

    it('refuses to delete a camera bound to a scene, and deletes it once unbound', async () => {
      const created = await h.call<{ id: number }>('POST', D.camera, good({ code: 'CAM-BOUND' }));
      const cameraId = created.body.data.id;
      const [s] = await h.app.db.insert(scene).values({ name: '煤场巡检', areaId: areaA }).returning();
      await h.app.db.insert(sceneCamera).values({ sceneId: s?.id ?? 0, cameraId });
      const res = await h.call('DELETE', D.cameraById(cameraId));
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe('It is still in use and cannot be deleted');
      expect((await h.call('GET', D.cameraById(cameraId))).statusCode).toBe(200);
      await h.app.db.delete(sceneCamera).where(eq(sceneCamera.cameraId, cameraId));
      const ok = await h.call('DELETE', D.cameraById(cameraId));
      expect(ok.statusCode).toBe(200);
      expect(ok.body.message).toBe('Deleted successfully!');
      expect((await h.call('GET', D.cameraById(cameraId))).statusCode).toBe(404);
    });

    it('refuses to delete a camera type in use', async () => {
      const res = await h.call('DELETE', D.cameraTypeById(typeId));
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe('It is still in use and cannot be deleted');
      expect((await h.app.db.select().from(cameraType).where(eq(cameraType.id, typeId))).length).toBe(1);
    });

    it('filters the list by keyword, area (with the nodes below), status and type, with pagination', async () => {
      await h.app.db.delete(sceneCamera);
      await h.app.db.delete(camera);
      for (let i = 1; i <= 23; i++) {
        await h.call('POST', D.camera, {
          ...good({
            name: i % 2 ? `煤场${i}` : `北门${i}`,
            code: `C-${String(i).padStart(3, '0')}`,
            ip: `10.9.0.${i}`,
            areaId: i % 2 ? areaA : areaB,
            cameraTypeId: i % 3 ? typeId : domeId,
          }),
        });
      }
      await h.app.db.update(camera).set({ online: true }).where(eq(camera.areaId, areaA));
      const list = (q: object) =>
        h.call<ListResult<CameraRow>>('POST', D.cameraList, { page: 1, limit: 10, ...q });
      const page1 = await list({});
      expect(page1.body.data.count).toBe(23);
      expect(page1.body.data.list).toHaveLength(10);
      const page3 = await list({ page: 3 });
      expect(page3.body.data.list).toHaveLength(3);
      const seen = new Set(
        [...page1.body.data.list, ...(await list({ page: 2 })).body.data.list].map((c) => c.id),
      );
      for (const c of page3.body.data.list) seen.add(c.id);
      expect(seen.size).toBe(23);
      expect((await list({ keyword: 'C-007' })).body.data.list.map((c) => c.ip)).toEqual(['10.9.0.7']);
      expect((await list({ keyword: '10.9.0.1' })).body.data.count).toBe(11); // .1, .10–.19
      expect((await list({ keyword: '北门' })).body.data.count).toBe(11);
      expect((await list({ areaId: areaA })).body.data.count).toBe(12);
      expect((await list({ areaId: plant })).body.data.count).toBe(12); // area A is below the plant
      expect((await list({ online: true })).body.data.count).toBe(12);
      expect((await list({ online: false, areaId: areaB })).body.data.count).toBe(11);
      expect((await list({ cameraTypeId: domeId })).body.data.count).toBe(7);
      expect((await list({ type: 'ptz' })).body.data.count).toBe(7);
      expect((await list({ limit: 7 })).statusCode).toBe(400);
      const picker = await h.call<{ id: number; name: string; snapshotUrl: null }[]>(
        'POST',
        D.cameraListAll,
        { keyword: '北门' },
        { token: h.operator },
      );
      expect(picker.statusCode).toBe(200);
      expect(picker.body.data).toHaveLength(11);
      expect(Object.keys(picker.body.data[0] ?? {}).sort()).toEqual(
        ['areaId', 'code', 'id', 'name', 'online', 'snapshotUrl', 'virtual'].sort(),
      );
    });
  });
});
