import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API,
  type ApplicationInfo,
  type CollieryInfo,
  PLANT_API,
  type StoredImage,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SMALL_LOGO } from '../../db/seed.ts';
import {
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { multipartFile, testImage } from '../../test/multipart.ts';

describe('colliery info', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sentinel-colliery-'));
    tdb = await createTestDatabase('pglite');
    app = await buildTestApp(tdb, { dataDir });
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const info = async (token = admin) =>
    body<CollieryInfo>(await app.inject({ url: PLANT_API.collieryInfo, headers: { token } })).data;
  const save = (payload: object, token = admin, lang = 'en') =>
    app.inject({ method: 'PUT', url: PLANT_API.collieryInfo, payload, headers: { token, lang } });
  const uploadLogo = async (format: 'png' | 'jpeg') => {
    const form = multipartFile(await testImage(format), { filename: `logo.${format}` });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/backend/media/image?kind=logo',
      headers: { token: admin, ...form.headers },
      payload: form.payload,
    });
    return body<StoredImage>(res).data;
  };
  const application = async () => body<ApplicationInfo>(await app.inject({ url: API.application })).data;

  it('starts empty with the built-in logo', async () => {
    expect(await info(operator)).toEqual({
      unitName: '',
      shortName: '',
      address: '',
      phone: '',
      logoPath: '',
      logoUrl: '',
    });
    expect((await app.inject({ url: PLANT_API.collieryLogo })).statusCode).toBe(404);
  });

  it('saves the unit info and a logo that application/ serves publicly (login page)', async () => {
    const logo = await uploadLogo('png');
    const res = await save({
      unitName: '东方煤化集团有限公司',
      shortName: '东方煤化',
      address: '山西省太原市',
      phone: '13800138000',
      logoPath: logo.path,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Saved successfully');
    const saved = await info();
    expect(saved).toMatchObject({
      unitName: '东方煤化集团有限公司',
      phone: '13800138000',
      logoPath: logo.path,
    });
    expect(saved.logoUrl).toMatch(/^\/api\/v2\/backend\/collieryInfo\/logo\?v=[0-9a-f]{24}$/);

    const appInfo = await application();
    expect(appInfo.smallLogo).toBe(saved.logoUrl);
    const image = await app.inject({ url: appInfo.smallLogo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Replacing with a JPEG changes the URL (cache-buster); clearing restores the built-in logo.
    const jpeg = await uploadLogo('jpeg');
    await save({ ...saved, logoPath: jpeg.path });
    const replaced = await application();
    expect(replaced.smallLogo).not.toBe(appInfo.smallLogo);
    expect((await app.inject({ url: replaced.smallLogo })).headers['content-type']).toBe('image/jpeg');
    await save({ ...saved, logoPath: '' });
    expect((await application()).smallLogo).toBe(DEFAULT_SMALL_LOGO);
    expect((await info()).logoUrl).toBe('');
  });

  it('validates the phone and unit name, and refuses a logo that was not uploaded as one', async () => {
    const before = await info();
    const phone = await save({ unitName: 'x', phone: '12345' }, admin, 'zh-CN');
    expect(phone.statusCode).toBe(400);
    expect(body(phone).message).toBe('请输入正确的手机号码');
    const name = await save({ unitName: ' ' });
    expect(name.statusCode).toBe(400);
    // A snapshot upload, a traversal, a logo name that was never stored.
    const form = multipartFile(await testImage('png'));
    const snapshot = await app.inject({
      method: 'POST',
      url: '/api/v2/backend/media/image?kind=snapshot',
      headers: { token: admin, ...form.headers },
      payload: form.payload,
    });
    const snapshotPath = body<StoredImage>(snapshot).data.path;
    for (const logoPath of ['../secret.png', 'logo/0123456789abcdef01234567.png', snapshotPath]) {
      const res = await save({ unitName: 'x', logoPath });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Only JPG or PNG images can be uploaded');
    }
    expect(await info()).toEqual(before);
  });

  it('lets only the colliery info page save', async () => {
    const before = await info();
    const res = await save({ unitName: '越权单位' }, operator);
    expect(res.statusCode).toBe(403);
    expect(await info()).toEqual(before);
    expect((await app.inject({ url: PLANT_API.collieryInfo })).statusCode).toBe(401);
  });
});
