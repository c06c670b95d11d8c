import {
  type DcsPointItem,
  EQUIPMENT_API,
  type FieldError,
  type IotEquipmentItem,
  type IotEquipmentOption,
  type ListResult,
  type SensorItem,
  type ServerItem,
} from '@sentinel/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, iotEquipment, plantNode, sensor } from '../../db/schema/index.ts';
import { backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';

const API = EQUIPMENT_API;

describe.each(backends)('IoT equipment, sensors, DCS points and servers on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let factoryId: number;
  let areaA: number;
  let areaB: number;

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
    const [factory] = await app.db
      .insert(plantNode)
      .values({ kind: 'factory', name: '一号厂区' })
      .returning({ id: plantNode.id });
    factoryId = factory?.id ?? 0;
    const [a] = await app.db
      .insert(plantNode)
      .values({ kind: 'area', name: '焦化车间', parentId: factoryId })
      .returning({ id: plantNode.id });
    const [b] = await app.db
      .insert(plantNode)
      .values({ kind: 'area', name: '罐区', parentId: null })
      .returning({ id: plantNode.id });
    areaA = a?.id ?? 0;
    areaB = b?.id ?? 0;
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, headers: { token, lang: 'en' }, payload: payload as object | undefined });
  const fieldsOf = (res: { json(): unknown }) =>
    Object.fromEntries(body<{ fields: FieldError[] }>(res).data.fields.map((f) => [f.field, f.message]));
  const countRows = async (table: typeof iotEquipment | typeof sensor) =>
    Number((await app.db.select({ n: count() }).from(table))[0]?.n ?? 0);

  const gas = {
    name: '可燃气体探测器 1',
    code: 'GD-001',
    kind: 'gas detector',
    protocol: 'Modbus-TCP',
    ip: '10.0.8.21',
    port: 502,
    areaId: null as number | null,
    online: true,
    description: '',
  };

  describe('IoT equipment', () => {
    let id: number;

    it('adds a device, audits it, and lists it with its area name', async () => {
      const res = await call('POST', API.iot, admin, { ...gas, areaId: areaA });
      expect(res.statusCode).toBe(200);
      const created = body<IotEquipmentItem>(res);
      expect(created.message).toBe('Saved successfully');
      expect(created.data).toMatchObject({ code: 'GD-001', areaId: areaA, areaName: '焦化车间', port: 502 });
      id = created.data.id;
      const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'iotEquipment.create'));
      expect(audits).toHaveLength(1);
      expect(audits[0]?.target).toBe(String(id));

      const list = body<ListResult<IotEquipmentItem>>(await call('POST', API.iotList, operator, {}));
      expect(list.data.count).toBe(1);
      expect(list.data.list[0]?.name).toBe('可燃气体探测器 1');
      const all = body<IotEquipmentOption[]>(await call('GET', API.iotAll, operator));
      expect(all.data).toEqual([{ id, name: '可燃气体探测器 1', code: 'GD-001' }]);
    });

    it('filters by keyword and by area, a factory including its areas', async () => {
      await call('POST', API.iot, admin, {
        ...gas,
        name: '门禁 2',
        code: 'AG-002',
        ip: '10.0.8.22',
        areaId: areaB,
      });
      const byKeyword = body<ListResult<IotEquipmentItem>>(
        await call('POST', API.iotList, admin, { keyword: 'ag-' }),
      );
      expect(byKeyword.data.list.map((r) => r.code)).toEqual(['AG-002']);
      const byFactory = body<ListResult<IotEquipmentItem>>(
        await call('POST', API.iotList, admin, { areaId: factoryId }),
      );
      expect(byFactory.data.list.map((r) => r.code)).toEqual(['GD-001']);
      const page = body<ListResult<IotEquipmentItem>>(
        await call('POST', API.iotList, admin, { page: 2, limit: 10 }),
      );
      expect(page.data).toEqual({ list: [], count: 2 });
      const badLimit = await call('POST', API.iotList, admin, { limit: 7 });
      expect(badLimit.statusCode).toBe(400);
    });

    it('refuses a bad IP, a bad port, a missing name and an unknown area, changing nothing', async () => {
      const before = await countRows(iotEquipment);
      const res = await call('POST', API.iot, admin, {
        ...gas,
        code: 'X-1',
        name: ' ',
        ip: '10.0.8.256',
        port: 70000,
        areaId: null,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toMatchObject({
        name: 'This cannot be empty',
        ip: 'Please enter the correct IP address',
        port: 'Please enter the correct Port',
      });
      const zh = await app.inject({
        method: 'POST',
        url: API.iot,
        headers: { token: admin, lang: 'zh-CN' },
        payload: { ...gas, code: 'X-1', port: 0 },
      });
      expect(body(zh).message).toBe('请输入正确的端口');
      const area = await call('POST', API.iot, admin, { ...gas, code: 'X-2', areaId: 999999 });
      expect(area.statusCode).toBe(400);
      expect(fieldsOf(area)).toEqual({ areaId: 'Invalid value' });
      expect(await countRows(iotEquipment)).toBe(before);
    });

    it('refuses a duplicate code with 409', async () => {
      const res = await call('POST', API.iot, admin, { ...gas, name: 'other' });
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe('Do not add repeatedly');
    });

    it('refuses writes to an operator with 403 and changes nothing', async () => {
      const before = await countRows(iotEquipment);
      for (const res of [
        await call('POST', API.iot, operator, { ...gas, code: 'OP-1' }),
        await call('PUT', API.iotOne(id), operator, { ...gas, name: 'renamed' }),
        await call('DELETE', API.iotOne(id), operator),
      ]) {
        expect(res.statusCode).toBe(403);
      }
      expect(await countRows(iotEquipment)).toBe(before);
      const [row] = await app.db.select().from(iotEquipment).where(eq(iotEquipment.id, id));
      expect(row?.name).toBe('可燃气体探测器 1');
    });

    it('edits a device; 404 for an unknown one', async () => {
      const res = await call('PUT', API.iotOne(id), admin, { ...gas, name: '可燃气体探测器 A', port: 1502 });
      expect(res.statusCode).toBe(200);
      expect(body<IotEquipmentItem>(res).data).toMatchObject({ name: '可燃气体探测器 A', port: 1502 });
      expect((await call('PUT', API.iotOne(999999), admin, gas)).statusCode).toBe(404);
      expect((await call('DELETE', API.iotOne(999999), admin)).statusCode).toBe(404);
    });
  });

  describe('sensors', () => {
    const h2s = {
      name: '硫化氢 1',
      code: 'S-H2S-01',
      kind: 'gas',
      unit: 'ppm',
      lowThreshold: 5,
      highThreshold: 10,
      iotEquipmentId: null,
      areaId: null,
      description: '',
    };

    it('adds a sensor attached to a device; the device cannot be deleted while it is attached', async () => {
      const devices = body<IotEquipmentOption[]>(await call('GET', API.iotAll, admin)).data;
      const device = devices.find((d) => d.code === 'GD-001');
      const res = await call('POST', API.sensor, admin, {
        ...h2s,
        iotEquipmentId: device?.id,
        areaId: areaA,
      });
      expect(res.statusCode).toBe(200);
      expect(body<SensorItem>(res).data).toMatchObject({
        iotEquipmentName: '可燃气体探测器 A',
        areaName: '焦化车间',
        lowThreshold: 5,
        highThreshold: 10,
      });
      const del = await call('DELETE', API.iotOne(device?.id ?? 0), admin);
      expect(del.statusCode).toBe(409);
      expect(body(del).message).toBe('It is still in use and cannot be deleted');
      expect(devices.length).toBe(await countRows(iotEquipment));
    });

    it('refuses thresholds out of order, a bad kind and an unknown device, changing nothing', async () => {
      const before = await countRows(sensor);
      const order = await call('POST', API.sensor, admin, {
        ...h2s,
        code: 'S-2',
        lowThreshold: 10,
        highThreshold: 10,
      });
      expect(order.statusCode).toBe(400);
      expect(fieldsOf(order)).toEqual({
        highThreshold: 'The low threshold must be lower than the high threshold',
      });
      const kind = await call('POST', API.sensor, admin, { ...h2s, code: 'S-3', kind: 'sound' });
      expect(kind.statusCode).toBe(400);
      expect(Object.keys(fieldsOf(kind))).toEqual(['kind']);
      const nan = await call('POST', API.sensor, admin, { ...h2s, code: 'S-4', lowThreshold: 'abc' });
      expect(fieldsOf(nan)).toEqual({ lowThreshold: 'Invalid value' });
      const device = await call('POST', API.sensor, admin, { ...h2s, code: 'S-5', iotEquipmentId: 999999 });
      expect(fieldsOf(device)).toEqual({ iotEquipmentId: 'Invalid value' });
      expect((await call('POST', API.sensor, admin, h2s)).statusCode).toBe(409);
      expect(await countRows(sensor)).toBe(before);
    });

    it('accepts one threshold alone, filters, edits, and deletes', async () => {
      const res = await call('POST', API.sensor, admin, {
        ...h2s,
        name: '温度 1',
        code: 'S-T-01',
        kind: 'temperature',
        unit: '℃',
        lowThreshold: '',
        highThreshold: -5,
        areaId: areaB,
      });
      expect(res.statusCode).toBe(200);
      const id = body<SensorItem>(res).data.id;
      const list = body<ListResult<SensorItem>>(
        await call('POST', API.sensorList, operator, { areaId: areaB }),
      );
      expect(list.data.list.map((s) => [s.code, s.lowThreshold, s.highThreshold])).toEqual([
        ['S-T-01', null, -5],
      ]);
      const edit = await call('PUT', API.sensorOne(id), admin, { ...h2s, code: 'S-T-01', lowThreshold: 20 });
      expect(edit.statusCode).toBe(400);
      const ok = await call('PUT', API.sensorOne(id), admin, { ...h2s, code: 'S-T-01', highThreshold: 80 });
      expect(ok.statusCode).toBe(200);
      expect((await call('DELETE', API.sensorOne(id), operator)).statusCode).toBe(403);
      const del = await call('DELETE', API.sensorOne(id), admin);
      expect(body(del).message).toBe('Deleted successfully!');
      expect((await call('POST', API.sensorList, admin, { keyword: 'S-T-01' })).json()).toMatchObject({
        data: { count: 0 },
      });
    });
  });

  describe('DCS points', () => {
    const point = {
      tag: 'FIC-1001.PV',
      name: '进料流量',
      unit: 'm³/h',
      areaId: null as number | null,
      lowLimit: 10,
      highLimit: 120,
      description: '',
    };

    it('adds, lists by area, refuses limits out of order and duplicates, deletes', async () => {
      const res = await call('POST', API.dcs, admin, { ...point, areaId: areaA });
      expect(res.statusCode).toBe(200);
      const item = body<DcsPointItem>(res).data;
      expect(item).toMatchObject({ tag: 'FIC-1001.PV', areaName: '焦化车间' });
      const list = body<ListResult<DcsPointItem>>(
        await call('POST', API.dcsList, operator, { areaId: factoryId }),
      );
      expect(list.data.list.map((p) => p.tag)).toEqual(['FIC-1001.PV']);
      const bad = await call('POST', API.dcs, admin, { ...point, tag: 'X', areaId: null, lowLimit: 200 });
      expect(fieldsOf(bad)).toEqual({ highLimit: 'The low threshold must be lower than the high threshold' });
      const dup = await call('POST', API.dcs, admin, { ...point, areaId: null });
      expect(dup.statusCode).toBe(409);
      const empty = await call('POST', API.dcs, admin, { ...point, tag: '', areaId: null });
      expect(fieldsOf(empty)).toEqual({ tag: 'This cannot be empty' });
      expect((await call('PUT', API.dcsOne(item.id), operator, point)).statusCode).toBe(403);
      expect((await call('DELETE', API.dcsOne(item.id), admin)).statusCode).toBe(200);
      expect(body<ListResult<DcsPointItem>>(await call('POST', API.dcsList, admin, {})).data.count).toBe(0);
    });
  });

  describe('analysis and media servers', () => {
    const server = {
      name: '分析服务器 1',
      kind: 'analysis',
      ip: '10.0.1.11',
      port: 8000,
      online: true,
      description: '',
    };

    it('adds, filters by kind, refuses bad IP/port, duplicate names and operators, edits and deletes', async () => {
      const res = await call('POST', API.server, admin, server);
      expect(res.statusCode).toBe(200);
      const id = body<ServerItem>(res).data.id;
      await call('POST', API.server, admin, {
        ...server,
        name: '流媒体服务器',
        kind: 'media',
        ip: '10.0.1.20',
      });
      const media = body<ListResult<ServerItem>>(
        await call('POST', API.serverList, operator, { kind: 'media' }),
      );
      expect(media.data.list.map((s) => s.name)).toEqual(['流媒体服务器']);
      const bad = await call('POST', API.server, admin, { ...server, name: 'x', ip: '1.2.3', port: 'abc' });
      expect(fieldsOf(bad)).toEqual({
        ip: 'Please enter the correct IP address',
        port: 'Please enter the correct Port',
      });
      const kind = await call('POST', API.server, admin, { ...server, name: 'y', kind: 'mail' });
      expect(Object.keys(fieldsOf(kind))).toEqual(['kind']);
      expect((await call('POST', API.server, admin, server)).statusCode).toBe(409);
      expect((await call('POST', API.server, operator, { ...server, name: 'z' })).statusCode).toBe(403);
      const edit = await call('PUT', API.serverOne(id), admin, { ...server, port: 8001 });
      expect(body<ServerItem>(edit).data.port).toBe(8001);
      expect((await call('DELETE', API.serverOne(id), admin)).statusCode).toBe(200);
      expect(body<ListResult<ServerItem>>(await call('POST', API.serverList, admin, {})).data.count).toBe(1);
    });
  });
});
