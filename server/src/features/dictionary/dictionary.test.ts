import {
  ALARM_API,
  DICTIONARY_API as API,
  DEVICE_API,
  DICTIONARY_CHANGED,
  type DictionaryItem,
  type DictionaryOption,
  type DictionaryType,
  type Envelope,
  FALSE_ALARM_REVIEW_API,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, falseAlarmRecord } from '../../db/schema/index.ts';
import { backends, createAccountWithPages, login } from '../../test/helpers.ts';
import { type ReviewHarness, reviewHarness } from '../false-alarm-review/test-support.ts';

/** Dictionary types and items; the false-positive reasons and camera type kinds read from them. */
describe.each(backends)('dictionary on %s', (backend) => {
  let h: ReviewHarness;
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
    lang = 'en',
  ) => {
    const res = await h.app.inject({
      method,
      url,
      headers: { token: token ?? h.admin, lang },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const typeByCode = async (code: string) => {
    const types = await call<DictionaryType[]>('GET', API.types);
    const type = types.body.data.find((t) => t.code === code);
    if (!type) throw new Error(`no type ${code}`);
    return type;
  };
  const items = async (typeId: number) => (await call<DictionaryItem[]>('GET', API.items(typeId))).body.data;

  beforeAll(async () => {
    h = await reviewHarness(backend);
  });
  afterAll(async () => h?.close());

  it('seeds the system types with the former constants, in order', async () => {
    const reasons = await typeByCode('falseAlarmReason');
    expect(reasons).toMatchObject({ system: true, itemCount: 6, nameZh: '误报原因' });
    expect((await items(reasons.id)).map((i) => i.value)).toEqual([
      'wrongClass',
      'background',
      'lighting',
      'occlusion',
      'tooSmall',
      'other',
    ]);
    const options = await call<DictionaryOption[]>(
      'GET',
      API.options('cameraTypeKind'),
      undefined,
      h.operator,
    );
    expect(options.status).toBe(200);
    expect(options.body.data[0]).toEqual({ value: 'bullet', labelEn: 'Bullet', labelZh: '枪机' });
  });

  it('types: add, duplicate code 409 in both languages, system type not deletable, audited', async () => {
    const added = await call<DictionaryType>('POST', API.addType, {
      code: 'shiftKind',
      nameEn: 'Shifts',
      nameZh: '班次',
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ code: 'shiftKind', system: false, itemCount: 0 });
    const dupEn = await call('POST', API.addType, { code: 'shiftKind', nameEn: 'x', nameZh: 'x' });
    expect(dupEn.status).toBe(409);
    expect(dupEn.body.message).toBe('A dictionary type with this code already exists');
    const dupZh = await call(
      'POST',
      API.addType,
      { code: 'shiftKind', nameEn: 'x', nameZh: 'x' },
      undefined,
      'zh-CN',
    );
    expect(dupZh.body.message).toBe('已存在相同编码的字典类型');
    expect((await call('POST', API.addType, { code: '9bad code', nameEn: 'x', nameZh: 'x' })).status).toBe(
      400,
    );

    const system = await typeByCode('falseAlarmReason');
    const refused = await call('DELETE', API.type(system.id));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A system type cannot be deleted (the product reads it)');
    const recode = await call('PUT', API.type(system.id), { code: 'other', nameEn: 'R', nameZh: 'R' });
    expect(recode.status).toBe(409);

    expect((await call('DELETE', API.type(added.body.data.id))).status).toBe(200);
    const actions = (await h.app.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['dictionaryType.create', 'dictionaryType.delete']));
  });

  it('items: duplicate value 409, reorder, and the options follow (disabled ones left out)', async () => {
    const kinds = await typeByCode('cameraTypeKind');
    const heard: unknown[] = [];
    const unsubscribe = h.app.bus.subscribe((event) => {
      if (event.type === DICTIONARY_CHANGED) heard.push(event.data);
    });
    const dup = await call(
      'POST',
      API.addItem,
      { typeId: kinds.id, value: 'dome', labelEn: 'D', labelZh: 'D' },
      undefined,
      'zh-CN',
    );
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('该类型下已存在相同值的字典项');
    const added = await call<DictionaryItem>('POST', API.addItem, {
      typeId: kinds.id,
      value: 'panoramic',
      labelEn: 'Panoramic',
      labelZh: '全景',
    });
    expect(added.body.data).toMatchObject({ sort: 7, enabled: true, usage: 0 });
    // Every instance's clients hear of it (the web selects ask again).
    await expect.poll(() => heard).toContainEqual({ type: 'cameraTypeKind' });
    unsubscribe();
    const ids = (await items(kinds.id)).map((i) => i.id).reverse();
    const reordered = await call<DictionaryItem[]>('PUT', API.reorder(kinds.id), { ids });
    expect(reordered.body.data.map((i) => i.value)[0]).toBe('panoramic');
    const options = async () =>
      (await call<DictionaryOption[]>('GET', API.options('cameraTypeKind'))).body.data.map((o) => o.value);
    expect((await options())[0]).toBe('panoramic');
    const disabled = await call('PUT', API.item(added.body.data.id), {
      typeId: kinds.id,
      value: 'panoramic',
      labelEn: 'Panoramic',
      labelZh: '全景',
      enabled: false,
    });
    expect(disabled.status).toBe(200);
    expect(await options()).not.toContain('panoramic');
  });

  it('camera types accept only enabled kinds of the dictionary', async () => {
    const kinds = await typeByCode('cameraTypeKind');
    const body = { brand: 'Acme', model: 'X1', type: 'panoramic' };
    const refused = await call('POST', DEVICE_API.cameraType, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This value is not an enabled item of the dictionary');
    const panoramic = (await items(kinds.id)).find((i) => i.value === 'panoramic');
    await call('PUT', API.item(panoramic?.id ?? 0), { ...panoramic, enabled: true });
    expect((await call('POST', DEVICE_API.cameraType, body)).status).toBe(200);
    // Now in use: deleting is refused with the count, disabling is allowed.
    const del = await call<{ count: number }>('DELETE', API.item(panoramic?.id ?? 0));
    expect(del.status).toBe(409);
    expect(del.body.data.count).toBe(1);
    expect(del.body.message).toBe('This item is used by 1 records and cannot be deleted; disable it instead');
  });

  it('false-positive reasons: the review accepts a new item at once, refuses unknown or disabled ones, and an item in use cannot be deleted', async () => {
    const alarmId = await h.alarm();
    expect((await call('POST', ALARM_API.cancel(alarmId), {})).status).toBe(200);
    const [record] = await h.app.db
      .select()
      .from(falseAlarmRecord)
      .where(eq(falseAlarmRecord.alarmId, alarmId));
    const recordId = record?.id ?? 0;
    const review = (reason: string) =>
      call('POST', FALSE_ALARM_REVIEW_API.review(recordId), { verdict: 'accepted', reason, rereview: true });
    expect((await review('rainDrops')).status).toBe(400);

    const reasons = await typeByCode('falseAlarmReason');
    const added = await call<DictionaryItem>('POST', API.addItem, {
      typeId: reasons.id,
      value: 'rainDrops',
      labelEn: 'Rain drops on the lens',
      labelZh: '镜头雨滴',
    });
    expect(added.status).toBe(200);
    expect((await review('rainDrops')).status).toBe(200);

    const del = await call('DELETE', API.item(added.body.data.id), undefined, undefined, 'zh-CN');
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('该字典项已被1条记录使用，不能删除，可将其停用');
    const renamed = await call('PUT', API.item(added.body.data.id), {
      typeId: reasons.id,
      value: 'rain',
      labelEn: 'Rain',
      labelZh: '雨',
    });
    expect(renamed.status).toBe(409);
    const listed = (await items(reasons.id)).find((i) => i.value === 'rainDrops');
    expect(listed?.usage).toBe(1);

    await call('PUT', API.item(added.body.data.id), { ...listed, enabled: false });
    expect((await review('rainDrops')).status).toBe(400);
    expect((await review('background')).status).toBe(200);
    // No longer in use: now it can go.
    expect((await call('DELETE', API.item(added.body.data.id))).status).toBe(200);
  });

  it('only the dictionary page may change it; any user reads the options', async () => {
    const other = await login(h.app, await createAccountWithPages(h.app, ['scope']));
    expect((await call('GET', API.types, undefined, other)).status).toBe(403);
    expect((await call('POST', API.addType, { code: 'x', nameEn: 'x', nameZh: 'x' }, other)).status).toBe(
      403,
    );
    expect((await call('GET', API.options('falseAlarmReason'), undefined, other)).status).toBe(200);
    const granted = await login(h.app, await createAccountWithPages(h.app, ['dictionary']));
    expect((await call('GET', API.types, undefined, granted)).status).toBe(200);
  });
});
