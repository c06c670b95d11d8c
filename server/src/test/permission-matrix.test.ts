import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenMenuTree } from '@sentinel/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRole, menu, role, roleButton, roleMenu, session } from '../db/schema/index.ts';
import { hashToken } from '../platform/sessions.ts';
import type { Access } from '../platform/types.ts';
import { buildTestApp, createAccount, createTestDatabase, login, type TestAccount } from './helpers.ts';
import {
  type Answer,
  accessCodes,
  fillUrl,
  type MatrixRow,
  matrixRows,
  meets,
  pathParamKinds,
  send,
} from './route-matrix.ts';

/**
 * Issue 6: every route the server registers, called with no token, with an expired token, as admin
 * and as an operator holding a limited role, answers as its declared `config.access` says. The
 * table is generated from `app.routeAccess`, so a new route is covered without touching this file.
 * A declaration names one permission, `anyOf` several (holding any one of them lets the operator
 * in) or `allOf` several (it needs every one); the matrix reads each and expects 403 or a pass.
 *
 * Refusals are checked with a request that validation would refuse too (a broken JSON body, path
 * params of the wrong kind): a 401/403 then proves the access decision comes before validation.
 * Allowed calls send `{}` and harmless params (ids 999999, which exist nowhere): any answer but
 * 401/403 passes, since the point is the access decision, not the route's own behaviour.
 */

/** The limited role: a few pages and buttons (and, planted in the database, the admin-only pages). */
const LIMITED_MENUS = ['dashboard', 'historyAlarm', 'historyEvent', 'dcsAlarm'];
const LIMITED_BUTTONS = ['historyAlarm:deal', 'historyAlarm:export', 'alarmApproval:approve'];
const ADMIN_ONLY = flattenMenuTree()
  .filter((node) => node.adminOnly)
  .map((node) => node.code);

/** Whether the limited operator should pass a permission check (admin-only codes never pass). */
const operatorHolds = (permission: string) =>
  !ADMIN_ONLY.includes(permission) &&
  (LIMITED_MENUS.includes(permission) || LIMITED_BUTTONS.includes(permission));

const API = '/api/v2/backend';

/**
 * Path params that need a particular value for the handler itself to run: a pattern 'x' does not
 * meet, or the caller's own account id (deleting an offline analysis names the caller, SPEC §7).
 */
const PARAM_OVERRIDES: Record<string, (caller: TestAccount) => Record<string, string>> = {
  [`GET ${API}/export/file/:name`]: () => ({ name: '00000000-0000-0000-0000-000000000000.xlsx' }),
  [`DELETE ${API}/offlineVideoAnalysis/:id/:accountId`]: (caller) => ({ accountId: String(caller.id) }),
};

/**
 * Routes that end the caller's session: admin and operator call them with a throwaway session of
 * their own, so the shared sessions of the other rows stay alive.
 */
const SESSION_ENDING = new Set([`POST ${API}/login/logout`, `PUT ${API}/account/password`]);

/**
 * Public routes (no session) that check a credential of their own: the analysis engines' API key
 * under /ingest/. With none they answer 401 'Invalid engine key' from their own check; that is their
 * design, not a session check, so the matrix expects it.
 */
const ownCredential = (url: string) => url.startsWith(`${API}/ingest/`);

const tdb = await createTestDatabase('pglite');
/** The app's clock: shifted back while the expired session is created. */
const clock = { offsetMs: 0 };
/** Files a call may write (an export started by `{}`, say) go to a directory of this test's own. */
const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-matrix-'));
/**
 * No product route needs an admin-only code yet, so the matrix adds one probe route per admin-only
 * code (test only): the limited operator's role holds those codes in the database, and
 * hasPermission must still refuse them.
 */
const PROBE = `${API}/permission-matrix-probe`;
const app = await buildTestApp(
  tdb,
  { dataDir, now: () => new Date(Date.now() + clock.offsetMs) },
  {
    beforeReady: (instance) => {
      for (const code of ADMIN_ONLY) {
        instance.get(`${PROBE}/${code}`, { config: { access: { permission: code } } }, async () => ({
          status: 0,
          message: 'OK',
          data: null,
        }));
      }
    },
  },
);
await app.ready();
const { rows, skipped } = matrixRows(app);
const kinds = pathParamKinds(app);

const tokens = { admin: '', operator: '', expired: '' };
let adminAccount: TestAccount;
let operatorAccount: TestAccount;

const key = (row: MatrixRow) => `${row.method} ${row.url}`;
const show = (who: string, answer: Answer) => `${who}: ${answer.status} ${answer.body}`;

async function grantLimitedRole(accountId: number): Promise<void> {
  const [limited] = await app.db
    .insert(role)
    .values({ name: 'matrix-limited', displayName: 'Matrix limited operator' })
    .returning({ id: role.id });
  if (!limited) throw new Error('role not created');
  const menus = await app.db
    .select({ id: menu.id })
    .from(menu)
    .where(inArray(menu.code, [...LIMITED_MENUS, ...ADMIN_ONLY]));
  expect(menus.length).toBe(LIMITED_MENUS.length + ADMIN_ONLY.length);
  await app.db.insert(roleMenu).values(menus.map((m) => ({ roleId: limited.id, menuId: m.id })));
  await app.db.insert(roleButton).values(LIMITED_BUTTONS.map((code) => ({ roleId: limited.id, code })));
  await app.db.insert(accountRole).values({ accountId, roleId: limited.id });
}

beforeAll(async () => {
  adminAccount = await createAccount(app, { roles: ['admin'] });
  operatorAccount = await createAccount(app, { roles: [] });
  await grantLimitedRole(operatorAccount.id);
  tokens.admin = await login(app, adminAccount);
  tokens.operator = await login(app, operatorAccount);
  // An admin session last seen just over the idle limit ago: logged in with the clock shifted back.
  clock.offsetMs = -(app.appConfig.sessionIdleMs + 60_000);
  tokens.expired = await login(app, adminAccount);
  clock.offsetMs = 0;
});

afterAll(async () => {
  await app.close();
  await tdb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('permission matrix', () => {
  it('covers the whole route table', () => {
    expect(rows.length).toBeGreaterThan(150);
    for (const s of skipped) expect(s.reason, `${s.method} ${s.url}`).not.toBe('');
    const kinds = { public: 0, user: 0, permission: 0, anyOf: 0, allOf: 0 };
    for (const row of rows) {
      const access = row.access;
      kinds[typeof access === 'string' ? access : (Object.keys(access)[0] as keyof typeof kinds)] += 1;
    }
    expect(kinds.user).toBeGreaterThan(0);
    expect(kinds.permission).toBeGreaterThan(0);
    expect(kinds.anyOf).toBeGreaterThan(0);
    expect(kinds.public).toBeGreaterThan(0);
    // The limited operator meets both sides of the permission rows: some it holds, some it lacks.
    const codes = rows.flatMap((row) => accessCodes(row.access));
    expect(codes.some(operatorHolds)).toBe(true);
    expect(codes.some((code) => !operatorHolds(code))).toBe(true);
    // And of the any-of rows: one it gets through holding a single one of the codes, one it does not.
    const anyOf = rows.flatMap((row) =>
      typeof row.access === 'object' && 'anyOf' in row.access ? [row.access.anyOf] : [],
    );
    expect(anyOf.some((list) => list.some(operatorHolds) && !list.every(operatorHolds))).toBe(true);
    expect(anyOf.some((list) => !list.some(operatorHolds))).toBe(true);
    expect(ADMIN_ONLY.every((code) => rows.some((row) => row.url === `${PROBE}/${code}`))).toBe(true);
    if (process.env.PERMISSION_MATRIX_SUMMARY) {
      const held = codes.filter(operatorHolds).length;
      const adminOnly = codes.filter((code) => ADMIN_ONLY.includes(code)).length;
      const heads = skipped.filter((r) => r.method === 'HEAD').length;
      const others = skipped
        .filter((r) => r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}: ${r.reason}`);
      console.log({ rows: rows.length, ...kinds, operatorHolds: held, adminOnly, headTwins: heads, others });
    }
    // The hand-written tables name only routes that exist (a renamed route must be re-listed).
    const known = new Set(rows.map(key));
    const listed = [...Object.keys(PARAM_OVERRIDES), ...SESSION_ENDING];
    expect(listed.filter((k) => !known.has(k))).toEqual([]);
  });

  it('has working sessions for admin and the limited operator, and a refused expired one', async () => {
    const userInfo = '/api/v2/backend/login/userInfo';
    expect((await send(app, { method: 'GET', url: userInfo, token: tokens.admin })).status).toBe(200);
    expect((await send(app, { method: 'GET', url: userInfo, token: tokens.operator })).status).toBe(200);
    expect((await send(app, { method: 'GET', url: userInfo, token: tokens.expired })).status).toBe(401);
    // The expired token is a real session, neither revoked nor past its absolute limit: only idle.
    const [row] = await app.db
      .select()
      .from(session)
      .where(eq(session.tokenHash, hashToken(tokens.expired)));
    expect(row?.revokedAt).toBeNull();
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeGreaterThan(app.appConfig.sessionIdleMs);
  });

  for (const row of rows) {
    it(row.name, async () => {
      const access: Access = row.access;
      const routeKey = key(row);
      const overrides = PARAM_OVERRIDES[routeKey];
      const hostileUrl = fillUrl(row, kinds, 'invalid');
      /** A request validation would refuse: broken JSON, params of the wrong kind. */
      const refused = (token?: string, tokenEverywhere = false) =>
        send(app, { method: row.method, url: hostileUrl, token, body: 'broken', tokenEverywhere });
      const allowed = async (who: 'admin' | 'operator') => {
        const caller = who === 'admin' ? adminAccount : operatorAccount;
        const token = SESSION_ENDING.has(routeKey) ? await login(app, caller) : tokens[who];
        const url = fillUrl(row, kinds, 'valid', overrides?.(caller));
        return send(app, { method: row.method, url, token, body: 'empty' });
      };

      if (access === 'public') {
        const url = fillUrl(row, kinds, 'valid', overrides?.(adminAccount));
        const anonymous = await send(app, { method: row.method, url, body: 'empty' });
        if (!ownCredential(row.url)) {
          expect([401, 403], show('no token', anonymous)).not.toContain(anonymous.status);
        } else {
          expect(anonymous.status, show('no engine key', anonymous)).toBe(401);
          // Every engine route checks its key onRequest, before the body is parsed.
          const broken = await refused();
          expect(broken.status, show('no engine key, broken body', broken)).toBe(401);
        }
        return;
      }

      const anonymous = await refused();
      expect(anonymous.status, show('no token', anonymous)).toBe(401);
      // In the header, the query and the cookie at once: no token source accepts it.
      const expired = await refused(tokens.expired, true);
      expect(expired.status, show('expired token', expired)).toBe(401);
      const admin = await allowed('admin');
      expect([401, 403], show('admin', admin)).not.toContain(admin.status);

      // 'user', the one permission, any one of several, or all of several: as declared.
      if (!meets(access, operatorHolds)) {
        const operator = await refused(tokens.operator);
        expect(operator.status, show('limited operator', operator)).toBe(403);
        return;
      }
      const operator = await allowed('operator');
      expect([401, 403], show('limited operator', operator)).not.toContain(operator.status);
    });
  }

  it('kept the shared sessions alive through every row', async () => {
    const userInfo = '/api/v2/backend/login/userInfo';
    expect((await send(app, { method: 'GET', url: userInfo, token: tokens.admin })).status).toBe(200);
    expect((await send(app, { method: 'GET', url: userInfo, token: tokens.operator })).status).toBe(200);
  });
});
