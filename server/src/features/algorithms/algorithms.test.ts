import {
  ALGORITHM_API,
  type AlgorithmItem,
  type AlgorithmOption,
  type AlgorithmTypeItem,
  type AlgorithmTypeOption,
  type FieldError,
  type ListResult,
} from '@sentinel/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  algorithm,
  auditLog,
  camera,
  plantNode,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
} from '../../db/schema/index.ts';
import { backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';

const API = ALGORITHM_API;

describe.each(backends)('algorithms catalogue on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let ppe: number;
  let intrusion: number;

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: { token, lang: 'en' }, payload });
  const fieldsOf = (res: { json(): unknown }) =>
    Object.fromEntries(body<{ fields: FieldError[] }>(res).data.fields.map((f) => [f.field, f.message]));
  const algorithmCount = async () => Number((await app.db.select({ n: count() }).from(algorithm))[0]?.n ?? 0);

  describe('algorithm types', () => {
    it('adds types with unique names; operators may read but not write', async () => {
      const a = await call('POST', API.type, admin, { name: '人员安全', description: 'PPE' });
      expect(a.statusCode).toBe(200);
      ppe = body<AlgorithmTypeItem>(a).data.id;
      const b = await call('POST', API.type, admin, { name: '区域入侵' });
      intrusion = body<AlgorithmTypeItem>(b).data.id;
      const dup = await call('POST', API.type, admin, { name: '人员安全' });
      expect(dup.statusCode).toBe(409);
      expect(body(dup).message).toBe('Do not add repeatedly');
      const empty = await call('POST', API.type, admin, { name: '  ' });
      expect(fieldsOf(empty)).toEqual({ name: 'This cannot be empty' });
      expect((await call('POST', API.type, operator, { name: '烟火检测' })).statusCode).toBe(403);
      expect((await call('PUT', API.typeOne(ppe), operator, { name: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', API.typeOne(ppe), operator)).statusCode).toBe(403);
      const list = body<ListResult<AlgorithmTypeItem>>(await call('POST', API.typeList, operator, {}));
      expect(list.data.list.map((t) => t.name)).toEqual(['区域入侵', '人员安全']);
      const all = body<AlgorithmTypeOption[]>(await call('GET', API.typeAll, operator));
      expect(all.data).toEqual([
        { id: ppe, name: '人员安全' },
        { id: intrusion, name: '区域入侵' },
      ]);
      const renamed = await call('PUT', API.typeOne(intrusion), admin, {
        name: '区域入侵',
        description: 'zones',
      });
      expect(body<AlgorithmTypeItem>(renamed).data.description).toBe('zones');
      expect((await call('PUT', API.typeOne(intrusion), admin, { name: '人员安全' })).statusCode).toBe(409);
    });
  });

  describe('algorithms', () => {
    const helmet = {
      name: '未戴安全帽',
      code: 'ALG-HELMET',
      typeId: null as number | null,
      model: 'yolov8-ppe v2.3',
      instance: 'ppe-helmet-01',
      description: '',
      levels: [120003, 120002],
      defaultLevel: 120003,
      enabled: true,
    };
    let helmetId: number;

    it('adds an algorithm with its levels sorted; lists it with its type name', async () => {
      const res = await call('POST', API.create, admin, { ...helmet, typeId: ppe });
      expect(res.statusCode).toBe(200);
      const item = body<AlgorithmItem>(res).data;
      expect(item).toMatchObject({ typeName: '人员安全', levels: [120002, 120003], defaultLevel: 120003 });
      helmetId = item.id;
      const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'algorithm.create'));
      expect(audits.map((a) => a.target)).toEqual([String(helmetId)]);
      const list = body<ListResult<AlgorithmItem>>(
        await call('POST', API.list, operator, { keyword: 'helmet' }),
      );
      expect(list.data.list.map((a) => a.code)).toEqual(['ALG-HELMET']);
      const byType = body<ListResult<AlgorithmItem>>(
        await call('POST', API.list, admin, { typeId: intrusion }),
      );
      expect(byType.data.count).toBe(0);
    });

    it('refuses a default level outside the levels, unknown levels, no levels, duplicates and unknown types', async () => {
      const before = await algorithmCount();
      const outside = await call('POST', API.create, admin, { ...helmet, code: 'A1', defaultLevel: 120004 });
      expect(outside.statusCode).toBe(400);
      expect(fieldsOf(outside)).toEqual({
        defaultLevel: 'The default level must be one of the selectable levels',
      });
      const unknown = await call('POST', API.create, admin, { ...helmet, code: 'A2', levels: [120009] });
      expect(Object.keys(fieldsOf(unknown))).toEqual(['levels.0']);
      const none = await call('POST', API.create, admin, { ...helmet, code: 'A3', levels: [] });
      expect(fieldsOf(none)).toEqual({ levels: 'This cannot be empty' });
      const dup = await call('POST', API.create, admin, { ...helmet, typeId: ppe, name: 'again' });
      expect(dup.statusCode).toBe(409);
      const type = await call('POST', API.create, admin, { ...helmet, code: 'A4', typeId: 999999 });
      expect(fieldsOf(type)).toEqual({ typeId: 'Invalid value' });
      expect((await call('POST', API.create, operator, { ...helmet, code: 'A5' })).statusCode).toBe(403);
      expect(await algorithmCount()).toBe(before);
    });

    it('serves enabled algorithms to any user for pickers; disabled ones drop out', async () => {
      await call('POST', API.create, admin, {
        ...helmet,
        name: '区域入侵',
        code: 'ALG-INTRUSION',
        typeId: intrusion,
        levels: [120004],
        defaultLevel: 120004,
      });
      const all = body<AlgorithmOption[]>(await call('GET', API.all, operator));
      expect(all.data).toEqual([
        {
          id: helmetId,
          name: '未戴安全帽',
          code: 'ALG-HELMET',
          typeName: '人员安全',
          levels: [120002, 120003],
          defaultLevel: 120003,
        },
        expect.objectContaining({ code: 'ALG-INTRUSION', levels: [120004] }),
      ]);
      const edit = await call('PUT', API.one(helmetId), admin, { ...helmet, typeId: ppe, enabled: false });
      expect(body<AlgorithmItem>(edit).data.enabled).toBe(false);
      const after = body<AlgorithmOption[]>(await call('GET', API.all, operator));
      expect(after.data.map((a) => a.code)).toEqual(['ALG-INTRUSION']);
      expect((await call('PUT', API.one(999999), admin, { ...helmet, typeId: 0 })).statusCode).toBe(400);
      expect((await call('PUT', API.one(999999), admin, helmet)).statusCode).toBe(404);
    });

    it('refuses to delete a type with algorithms, or an algorithm a camera runs (409), then deletes', async () => {
      const type = await call('DELETE', API.typeOne(ppe), admin);
      expect(type.statusCode).toBe(409);
      expect(body(type).message).toBe('It is still in use and cannot be deleted');

      const [area] = await app.db.insert(plantNode).values({ name: '罐区' }).returning();
      const [cam] = await app.db
        .insert(camera)
        .values({ name: '罐区 1 号', code: 'CAM-T01', areaId: area?.id })
        .returning();
      const [sc] = await app.db
        .insert(scene)
        .values({ name: '罐区巡检', areaId: area?.id ?? 0 })
        .returning();
      const [bound] = await app.db
        .insert(sceneCamera)
        .values({ sceneId: sc?.id ?? 0, cameraId: cam?.id ?? 0 })
        .returning();
      await app.db
        .insert(sceneCameraAlgorithm)
        .values({ sceneCameraId: bound?.id ?? 0, algorithmId: helmetId, level: 120003 });
      const inUse = await call('DELETE', API.one(helmetId), admin);
      expect(inUse.statusCode).toBe(409);
      expect(body(inUse).message).toBe('It is still in use and cannot be deleted');
      const zh = await app.inject({
        method: 'DELETE',
        url: API.one(helmetId),
        headers: { token: admin, lang: 'zh-CN' },
      });
      expect(body(zh).message).toBe('仍在使用中，无法删除');
      expect((await call('DELETE', API.one(helmetId), operator)).statusCode).toBe(403);

      await app.db.delete(sceneCameraAlgorithm);
      const ok = await call('DELETE', API.one(helmetId), admin);
      expect(body(ok).message).toBe('Deleted successfully!');
      expect((await call('DELETE', API.one(helmetId), admin)).statusCode).toBe(404);
      expect((await call('DELETE', API.typeOne(ppe), admin)).statusCode).toBe(200);
    });
  });
});
