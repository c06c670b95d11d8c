import { API, type MenuItem } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../platform/session-cache.ts';
import {
  backends,
  body,
  buildTestApp,
  createAccount,
  login,
  setLocked,
  useTestApp,
} from '../../test/helpers.ts';

// The per-instance cache of resolved sessions (platform/session-cache.ts): what this instance
// changes is seen at once; a change it does not know of (another instance, or the database
// written directly as here) at most SESSION_CACHE_MS later.
describe.each(backends)('session cache on %s', (backend) => {
  const ctx = useTestApp(backend, { now: () => new Date(clock.t) });
  let app: FastifyInstance;
  const clock = { t: Date.now() };

  beforeAll(async () => {
    app = ctx.app;
  });

  const get = (url: string, token: string) => app.inject({ url, headers: { token } });
  const changePassword = (token: string, password: string, newpassword: string) =>
    app.inject({
      method: 'PUT',
      url: API.changePassword,
      headers: { token },
      payload: { password, newpassword },
    });

  it('refuses a token at once after its logout, though it was just cached', async () => {
    const who = await createAccount(app);
    const token = await login(app, who);
    const other = await login(app, who);
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
    expect((await get(API.userInfo, other)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: API.logout, headers: { token } });
    expect(out.statusCode).toBe(200);
    expect((await get(API.userInfo, token)).statusCode).toBe(401);
    // The account's other session is not logged out.
    expect((await get(API.userInfo, other)).statusCode).toBe(200);
  });

  it('refuses every cached session of the account at once after a password change', async () => {
    const who = await createAccount(app);
    const first = await login(app, who);
    const second = await login(app, who);
    expect((await get(API.userInfo, first)).statusCode).toBe(200);
    expect((await get(API.userInfo, second)).statusCode).toBe(200);
    const res = await changePassword(first, who.password, 'Brand-New-Pass-99!x');
    expect(res.statusCode).toBe(200);
    expect((await get(API.userInfo, first)).statusCode).toBe(401);
    expect((await get(API.userInfo, second)).statusCode).toBe(401);
    // A new login with the new password works.
    expect(
      (await get(API.userInfo, await login(app, { ...who, password: 'Brand-New-Pass-99!x' }))).statusCode,
    ).toBe(200);
  });

  it('refuses a locked account at once when the lock drops its entries, else within the cache time', async () => {
    const who = await createAccount(app);
    const token = await login(app, who);
    expect((await get(API.userInfo, token)).statusCode).toBe(200);

    // Locked behind this instance's back (as by another instance): seen once the entry expires.
    await setLocked(app, who.id, true);
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
    clock.t += SESSION_CACHE_MS;
    expect((await get(API.userInfo, token)).statusCode).toBe(401);

    // Unlocked, used (cached again), then locked with the drop a lock must make: refused at once.
    await setLocked(app, who.id, false);
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
    await setLocked(app, who.id, true);
    app.sessionCache.dropAccount(who.id);
    expect((await get(API.userInfo, token)).statusCode).toBe(401);
  });

  it('shows role grant changes at once after the cache is cleared', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, who);
    const menus = async () => body<MenuItem[]>(await get(API.menu, token)).data.map((m) => m.code);
    expect(await menus()).toContain('statistics');
    await app.db.execute(
      "DELETE FROM role_menu WHERE menu_id = (SELECT id FROM menu WHERE code = 'statistics') AND role_id = (SELECT id FROM role WHERE name = 'operator')",
    );
    app.sessionCache.clear();
    expect(await menus()).not.toContain('statistics');
  });

  it('reuses nothing when turned off (sessionCacheMs 0)', async () => {
    const off = await buildTestApp(ctx.tdb, { now: () => new Date(clock.t) }, { sessionCacheMs: 0 });
    try {
      const who = await createAccount(off);
      const token = await login(off, who);
      expect((await off.inject({ url: API.userInfo, headers: { token } })).statusCode).toBe(200);
      await setLocked(off, who.id, true);
      expect((await off.inject({ url: API.userInfo, headers: { token } })).statusCode).toBe(401);
      expect(off.sessionCache.size).toBe(0);
    } finally {
      await off.close();
    }
  });
});
