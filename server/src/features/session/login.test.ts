import { API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, captcha } from '../../db/schema/index.ts';
import {
  backends,
  body,
  buildTestApp,
  captchaKey,
  createAccount,
  createTestDatabase,
  GOOD_PASSWORD,
  loginRequest,
  TEST_CAPTCHA,
  type TestDatabase,
  uniqueName,
} from '../../test/helpers.ts';

describe.each(backends)('login on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  const clock = { t: Date.now() };

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb, { now: () => new Date(clock.t) });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: API.login, payload: payload as Record<string, unknown>, headers });

  it('serves a captcha: key and svg', async () => {
    const res = await app.inject({ url: API.captcha });
    expect(res.statusCode).toBe(200);
    const b = body<{ key: string; svg: string }>(res);
    expect(b.status).toBe(0);
    expect(b.message).toBe('OK');
    expect(b.data.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.data.svg).toContain('<svg');
  });

  it('logs in with a good password and answers token + mustChangePassword', async () => {
    const who = await createAccount(app, { mustChange: true });
    const res = await loginRequest(app, `  ${who.name} `, who.password);
    expect(res.statusCode).toBe(200);
    const b = body<{ token: string; mustChangePassword: boolean }>(res);
    expect(b.status).toBe(0);
    expect(b.data.token.length).toBeGreaterThanOrEqual(40);
    expect(b.data.mustChangePassword).toBe(true);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.accountName, who.name));
    expect(audit.map((a) => a.action)).toContain('login.success');
  });

  it('accepts the captcha code case-insensitively', async () => {
    const who = await createAccount(app);
    const res = await loginRequest(app, who.name, who.password, { code: TEST_CAPTCHA.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('requires a captcha (400 please enter verification code)', async () => {
    const res = await post({ username: 'admin', password: 'whatever' });
    expect(res.statusCode).toBe(400);
    const b = body<{ fields: { field: string; message: string }[] }>(res);
    expect(b.status).toBe(-400);
    expect(b.message).toBe('please enter verification code');
    expect(b.data.fields.map((f) => f.field)).toEqual(['key', 'code']);
    const zh = await post({ username: 'admin', password: 'whatever', key: 'k' }, { lang: 'zh-CN' });
    expect(body(zh).message).toBe('请输入验证码');
  });

  it('rejects a wrong captcha code, and the captcha is then used up', async () => {
    const who = await createAccount(app);
    const key = await captchaKey(app);
    const wrong = await post({ username: who.name, password: who.password, key, code: 'zzzz' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('incorrect verification code');
    const reused = await post({ username: who.name, password: who.password, key, code: TEST_CAPTCHA });
    expect(reused.statusCode).toBe(400);
    expect(body(reused).message).toBe('incorrect verification code');
  });

  it('rejects a captcha reused after a successful login', async () => {
    const who = await createAccount(app);
    const key = await captchaKey(app);
    const first = await post({ username: who.name, password: who.password, key, code: TEST_CAPTCHA });
    expect(first.statusCode).toBe(200);
    const again = await post({ username: who.name, password: who.password, key, code: TEST_CAPTCHA });
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe('incorrect verification code');
  });

  it('rejects an unknown captcha key and an expired captcha (5 minutes)', async () => {
    const who = await createAccount(app);
    const unknown = await post({
      username: who.name,
      password: who.password,
      key: 'nope',
      code: TEST_CAPTCHA,
    });
    expect(body(unknown).message).toBe('incorrect verification code');
    const key = await captchaKey(app);
    clock.t += 5 * 60_000 + 1000;
    try {
      const expired = await post({ username: who.name, password: who.password, key, code: TEST_CAPTCHA });
      expect(expired.statusCode).toBe(400);
      expect(body(expired).message).toBe('incorrect verification code');
    } finally {
      clock.t -= 5 * 60_000 + 1000;
    }
    const [row] = await app.db.select().from(captcha).where(eq(captcha.key, key));
    expect(row?.usedAt).not.toBeNull();
  });

  it('answers the same message for a wrong password and an unknown account', async () => {
    const who = await createAccount(app);
    const wrong = await loginRequest(app, who.name, 'Wrong-password-123');
    const unknown = await loginRequest(app, uniqueName('ghost'), 'Wrong-password-123');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ status: -400, message: 'Incorrect account name or password', data: null });
    }
    const zh = await loginRequest(app, who.name, 'nope', { headers: { lang: 'zh-CN' } });
    expect(body(zh).message).toBe('账号或密码错误');
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.accountName, who.name));
    expect(audit.some((a) => a.action === 'login.failure')).toBe(true);
  });

  it('refuses a locked account with 403 (only after a correct password)', async () => {
    const who = await createAccount(app, { locked: true });
    const res = await loginRequest(app, who.name, who.password);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({
      status: -403,
      message: 'This account is locked. Please contact your administrator.',
    });
    const wrong = await loginRequest(app, who.name, 'Bad-password-1234');
    expect(wrong.statusCode).toBe(400);
  });

  it('validates types and lengths with clean 400s', async () => {
    const key = await captchaKey(app);
    const numeric = await post({ username: 'admin', password: 12345, key, code: TEST_CAPTCHA });
    expect(numeric.statusCode).toBe(400);
    expect(body(numeric)).toMatchObject({
      status: -400,
      message: 'Please enter the password',
      data: { fields: [{ field: 'password', message: 'Please enter the password' }] },
    });
    const long = await post({ username: 'admin', password: 'x'.repeat(31), key, code: TEST_CAPTCHA });
    expect(long.statusCode).toBe(400);
    expect(body(long).message).toBe('The password can be at most 30 characters');
    const blank = await post({ username: '   ', password: 'x', key, code: TEST_CAPTCHA }, { lang: 'zh' });
    expect(body(blank).message).toBe('请输入账号');
    const notJson = await app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(notJson.statusCode).toBe(400);
    expect(body(notJson).status).toBe(-400);
    const noBody = await app.inject({ method: 'POST', url: API.login });
    expect(noBody.statusCode).toBe(400);
  });

  it('rate-limits failures per account (5 per 15 min), successful login resets', async () => {
    const who = await createAccount(app);
    for (let i = 0; i < 4; i++) {
      expect((await loginRequest(app, who.name, 'Wrong-password-1')).statusCode).toBe(400);
    }
    expect((await loginRequest(app, who.name, who.password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await loginRequest(app, who.name, 'Wrong-password-1')).statusCode).toBe(400);
    }
    const limited = await loginRequest(app, who.name, who.password);
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({
      status: -429,
      message: 'Too many login attempts. Please wait a few minutes and try again.',
    });
    const zh = await loginRequest(app, who.name, who.password, { headers: { lang: 'zh-CN' } });
    expect(body(zh).message).toBe('登录尝试次数过多，请稍后再试');
    clock.t += 15 * 60_000;
    expect((await loginRequest(app, who.name, who.password)).statusCode).toBe(200);
  });
});

describe.each(backends)('login rate limit per address on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  it('answers 429 after 20 failures from one address, other addresses unaffected', async () => {
    const who = await createAccount(app);
    for (let i = 0; i < 20; i++) {
      const res = await loginRequest(app, uniqueName('ghost'), 'Wrong-password-1', {
        remoteAddress: '10.0.0.9',
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await loginRequest(app, who.name, who.password, { remoteAddress: '10.0.0.9' });
    expect(limited.statusCode).toBe(429);
    const other = await loginRequest(app, who.name, GOOD_PASSWORD, { remoteAddress: '10.0.0.10' });
    expect(other.statusCode).toBe(200);
  });
});
