import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { API, type Envelope } from '@sentinel/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuildOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { account, accountRole, menu, role, roleMenu } from '../db/schema/index.ts';
import { hashPassword } from '../platform/passwords.ts';

export type Backend = 'pglite' | 'postgres';

/** API suites run on PGlite, and on PostgreSQL as well when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_CAPTCHA = 'abcd';
export const GOOD_PASSWORD = 'Sentinel-Pass-2024';

export interface TestDatabase {
  kind: Backend;
  /** PostgreSQL URL of this test file's own database. */
  url?: string;
  drop(): Promise<void>;
}

/** PGlite: nothing to prepare (each app gets its own in-memory database). PostgreSQL: a fresh database. */
export async function createTestDatabase(kind: Backend): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (kind === 'pglite' || !adminUrl) return { kind: 'pglite', drop: async () => undefined };
  const name = `sentinel_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Config for tests: no env, no logs, no banner, the fixed test captcha. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent/web/dist', DATA_DIR: '/nonexistent/data' }),
    logger: false,
    printInitialPasswords: false,
    demoData: false,
    alarmSimulatorSeconds: 0,
    cameraCheckSeconds: 0,
    cameraProbe: { probeSeconds: 0, snapshotSeconds: 0, retentionDays: 30, timeoutMs: 2_000, concurrency: 4 },
    offlineAnalysisSimulator: false,
    streamSigningSecret: 'test-stream-signing-secret',
    testCaptcha: TEST_CAPTCHA,
    generalRateLimit: false,
    // Plan tasks run when a test ticks or runs them (features/plan-tasks tests turn the timer on).
    planTasks: { enabled: false, tickMs: 10_000 },
    ...overrides,
  };
}

export async function buildTestApp(
  tdb: TestDatabase,
  overrides: Partial<AppConfig> = {},
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const database: Partial<AppConfig> =
    tdb.kind === 'postgres'
      ? { databaseUrl: tdb.url }
      : 'pglite' in overrides
        ? {}
        : { pglite: new PGlite() };
  const config = testConfig({ ...database, ...overrides });
  return buildApp(config, options);
}

/**
 * The app of one `describe` block on a fresh database: built before its tests, closed (and the
 * database dropped) after them. Read `app` inside hooks and tests, once it is built.
 */
export function useTestApp(
  backend: Backend,
  overrides: Partial<AppConfig> = {},
  options: BuildOptions = {},
): { readonly app: FastifyInstance; readonly tdb: TestDatabase } {
  const state: { app?: FastifyInstance; tdb?: TestDatabase } = {};
  beforeAll(async () => {
    state.tdb = await createTestDatabase(backend);
    state.app = await buildTestApp(state.tdb, overrides, options);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.tdb?.drop();
  });
  return {
    get app() {
      if (!state.app) throw new Error('useTestApp: the app is built in beforeAll; read it in a hook or test');
      return state.app;
    },
    get tdb() {
      if (!state.tdb) throw new Error('useTestApp: the database is created in beforeAll');
      return state.tdb;
    },
  };
}

/** `app.inject` with a default token and language: `call('POST', url, body, token?, lang?)`. */
export function apiCaller(app: () => FastifyInstance, defaultToken: () => string) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = defaultToken(),
    lang = 'en',
  ) =>
    app().inject({
      method,
      url,
      headers: { token, lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

let counter = 0;
export const uniqueName = (prefix = 'user') =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface TestAccount {
  id: number;
  name: string;
  password: string;
}

/** Writes an account (hash included) straight into the database. */
export async function createAccount(
  app: FastifyInstance,
  options: {
    name?: string;
    password?: string;
    roles?: string[];
    locked?: boolean;
    mustChange?: boolean;
  } = {},
): Promise<TestAccount> {
  const name = options.name ?? uniqueName();
  const password = options.password ?? GOOD_PASSWORD;
  const [row] = await app.db
    .insert(account)
    .values({
      accountName: name,
      displayName: `Test ${name}`,
      passwordHash: await hashPassword(password),
      locked: options.locked ?? false,
      mustChangePassword: options.mustChange ?? false,
    })
    .returning({ id: account.id });
  if (!row) throw new Error('account not created');
  const roleNames = options.roles ?? ['operator'];
  if (roleNames.length > 0) {
    const roles = await app.db.select({ id: role.id }).from(role).where(inArray(role.name, roleNames));
    await app.db.insert(accountRole).values(roles.map((r) => ({ accountId: row.id, roleId: r.id })));
  }
  return { id: row.id, name, password };
}

export async function setLocked(app: FastifyInstance, id: number, locked: boolean): Promise<void> {
  await app.db.update(account).set({ locked }).where(eq(account.id, id));
}

export async function captchaKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: API.captcha });
  return (res.json() as Envelope<{ key: string }>).data.key;
}

/** Log in through captcha + login; answers the raw response. */
export async function loginRequest(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: { headers?: Record<string, string>; remoteAddress?: string; code?: string } = {},
) {
  const key = await captchaKey(app);
  return app.inject({
    method: 'POST',
    url: API.login,
    headers: extra.headers,
    remoteAddress: extra.remoteAddress,
    payload: { username, password, key, code: extra.code ?? TEST_CAPTCHA },
  });
}

/** Log in and return the token (throws when the login fails). */
export async function login(app: FastifyInstance, who: { name: string; password: string }): Promise<string> {
  const res = await loginRequest(app, who.name, who.password);
  const body = res.json() as Envelope<{ token: string }>;
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${body.message}`);
  return body.data.token;
}

export const body = <T = unknown>(res: { json(): unknown }) => res.json() as Envelope<T>;

/** Limits an account to these scenes (scene authority, through the API as an administrator would). */
/** An account whose only role grants exactly these pages (menu codes), e.g. to test one permission. */
export async function createAccountWithPages(
  app: FastifyInstance,
  menuCodes: string[],
): Promise<TestAccount> {
  const [granting] = await app.db
    .insert(role)
    .values({ name: uniqueName('pages') })
    .returning();
  if (!granting) throw new Error('role not created');
  const menus = await app.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, menuCodes));
  if (menus.length !== menuCodes.length) throw new Error(`unknown menu codes in ${menuCodes.join(', ')}`);
  await app.db.insert(roleMenu).values(menus.map((m) => ({ roleId: granting.id, menuId: m.id })));
  const created = await createAccount(app, { roles: [] });
  await app.db.insert(accountRole).values({ accountId: created.id, roleId: granting.id });
  return created;
}

export async function limitToScenes(
  app: FastifyInstance,
  adminToken: string,
  accountId: number,
  sceneIds: number[],
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/backend/scene/authority',
    headers: { token: adminToken },
    payload: { accountId, allScenes: false, sceneIds },
  });
  if (res.statusCode !== 200) throw new Error(`scene authority not set: ${res.statusCode} ${res.body}`);
}
