import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_SETTINGS_API, API, type Envelope, type MyProfile, type UserInfo } from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { backends, createAccount, login, type TestAccount, useTestApp } from '../../test/helpers.ts';
import { multipartFile, testImage } from '../../test/multipart.ts';

describe.each(backends)('account settings on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-account-settings-'));
  const ctx = useTestApp(backend, { dataDir });
  let app: FastifyInstance;
  let me: TestAccount;
  let token: string;

  beforeAll(async () => {
    app = ctx.app;
    me = await createAccount(app, { roles: ['operator'] });
    token = await login(app, me);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const call = async <T>(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') => {
    const res = await app.inject({ method, url, headers: { token, lang }, payload });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const upload = async (file: Buffer, filename = 'me.png', contentType = 'image/png', lang = 'en') => {
    const form = multipartFile(file, { filename, contentType });
    const res = await app.inject({
      method: 'POST',
      url: ACCOUNT_SETTINGS_API.avatar,
      headers: { token, lang, ...form.headers },
      payload: form.payload,
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<MyProfile> };
  };

  it('answers my own profile without any secret', async () => {
    const res = await call<MyProfile>('GET', ACCOUNT_SETTINGS_API.profile);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id: me.id, accountName: me.name, avatar: '', language: '' });
    expect(res.body.data.roles).toEqual(['operator']);
    expect(JSON.stringify(res.body.data)).not.toMatch(/hash|password/i);
  });

  it('validates like the account management form (phone, email, display name) in both languages', async () => {
    const bad = await call('PUT', ACCOUNT_SETTINGS_API.update, {
      displayName: 'x'.repeat(51),
      phone: '12345',
      email: 'not-an-email',
      language: 'fr',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.body.data as { fields: { field: string }[] }).fields.map((f) => f.field).sort();
    expect(fields).toEqual(['displayName', 'email', 'language', 'phone']);
    const zh = await call('PUT', ACCOUNT_SETTINGS_API.update, { phone: '12345' }, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('saves name, phone, email and language; the language is persisted and comes with userInfo at login', async () => {
    const res = await call<MyProfile>('PUT', ACCOUNT_SETTINGS_API.update, {
      displayName: '  值班员 Li ',
      phone: '13800000000',
      email: 'li@example.com',
      language: 'zh-CN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      displayName: '值班员 Li',
      phone: '13800000000',
      email: 'li@example.com',
      language: 'zh-CN',
    });
    const fresh = await login(app, me);
    const info = await app.inject({ method: 'GET', url: API.userInfo, headers: { token: fresh } });
    expect((info.json() as Envelope<UserInfo>).data).toMatchObject({ name: '值班员 Li', language: 'zh-CN' });
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'accountSettings.profile'), eq(auditLog.accountId, me.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.detail).toMatchObject({ changed: { language: 'zh-CN', phone: '13800000000' } });
  });

  it('stores a real PNG, JPEG or WebP as a fresh 256×256 PNG served through the media path; the header gets it', async () => {
    for (const [format, name] of [
      ['jpeg', 'me.jpg'],
      ['webp', 'me.webp'],
      ['png', 'me.png'],
    ] as const) {
      const image = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3377ff' } })
        [format]()
        .toBuffer();
      const res = await upload(image, name, `image/${format}`);
      expect(res.statusCode, res.body.message).toBe(200);
      const url = res.body.data.avatar;
      expect(url).toMatch(/^\/api\/v2\/backend\/media\/avatar\/[0-9a-f]{24}\.png$/);
      const served = await app.inject({ method: 'GET', url, headers: { token } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    }
    const info = await app.inject({ method: 'GET', url: API.userInfo, headers: { token } });
    expect((info.json() as Envelope<UserInfo>).data.avatar).toMatch(/\/media\/avatar\//);
  });

  it('refuses a file disguised as an image by its content, a GIF, and an empty file — with a clear message', async () => {
    const script = Buffer.from('<?php system($_GET["c"]); ?>\n<script>alert(1)</script>');
    const disguised = await upload(script, 'evil.png', 'image/png');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.body.message).toBe('The file is not a JPG, PNG or WebP image (its content was checked)');
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.png',
      'image/png',
      'zh-CN',
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.body.message).toBe('文件不是jpg、png或webp图片（已按内容检查）');
    expect((await upload(await testImage('gif'), 'a.png')).statusCode).toBe(400);
    // A PNG header followed by garbage: the signature alone does not pass.
    const fakePng = Buffer.concat([(await testImage('png')).subarray(0, 16), Buffer.alloc(200, 7)]);
    expect((await upload(fakePng, 'a.png')).statusCode).toBe(400);
  });

  it('refuses an avatar over 2 MB with 413', async () => {
    const png = await testImage('png', 16);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10 - png.length)]);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.body.message).toBe('The avatar cannot exceed 2 MB');
  });

  it('removes my avatar', async () => {
    const res = await call<MyProfile>('DELETE', ACCOUNT_SETTINGS_API.removeAvatar);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.avatar).toBe('');
  });

  it('my password: the strict rule, and a successful change ends my sessions (re-login)', async () => {
    const weak = await app.inject({
      method: 'PUT',
      url: API.changePassword,
      headers: { token },
      payload: { password: me.password, newpassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const newPassword = 'Brand-New-Pass-2026!';
    const good = await app.inject({
      method: 'PUT',
      url: API.changePassword,
      headers: { token },
      payload: { password: me.password, newpassword: newPassword },
    });
    expect(good.statusCode).toBe(200);
    expect((await call('GET', ACCOUNT_SETTINGS_API.profile)).statusCode).toBe(401);
    token = await login(app, { name: me.name, password: newPassword });
    expect((await call('GET', ACCOUNT_SETTINGS_API.profile)).statusCode).toBe(200);
  });

  it('needs a login', async () => {
    const res = await app.inject({ method: 'GET', url: ACCOUNT_SETTINGS_API.profile });
    expect(res.statusCode).toBe(401);
  });
});
