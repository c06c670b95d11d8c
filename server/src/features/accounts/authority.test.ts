import {
  ACCOUNT_API,
  type AccountItem,
  type AlarmListResult,
  type AuthorityScene,
  type Envelope,
  type SceneAuthorityResponse,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, plantNode, scene } from '../../db/schema/index.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import { backends, createAccount, login, useTestApp } from '../../test/helpers.ts';
import { insertTestAlarm } from '../alarms/test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ALARMS = '/api/v2/backend/videoAlarmRecord';

/**
 * Scene authority and regional authority set through the accounts API change what the account sees
 * on the next call (alarm list and detail), and the server refuses scenes outside it.
 *
 * Plant: factory F1 → area A1 → area A1a; factory F2 → area B. Scenes s1 (A1), s2 (A1a), s3 (B).
 */
describe.each(backends)('scene and regional authority on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let adminToken: string;
  const n: Record<string, number> = {};
  const s: Record<string, number> = {};
  const alarm: Record<string, number> = {};

  const call = async <T = unknown>(method: Method, url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { token }, payload: payload as object });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };

  beforeAll(async () => {
    app = ctx.app;
    adminToken = await login(app, await createAccount(app, { roles: ['admin'] }));
    const tag = Math.random().toString(36).slice(2, 8);
    const node = async (key: string, kind: string, parentId: number | null) => {
      const [row] = await app.db
        .insert(plantNode)
        .values({ name: `${key}-${tag}`, kind, parentId })
        .returning({ id: plantNode.id });
      if (!row) throw new Error('node');
      n[key] = row.id;
      return row.id;
    };
    const f1 = await node('F1', 'factory', null);
    const a1 = await node('A1', 'area', f1);
    const a1a = await node('A1a', 'area', a1);
    const f2 = await node('F2', 'factory', null);
    const b = await node('B', 'area', f2);
    for (const [key, areaId] of [
      ['s1', a1],
      ['s2', a1a],
      ['s3', b],
    ] as const) {
      const [row] = await app.db
        .insert(scene)
        .values({ name: `${key}-${tag}`, areaId })
        .returning({ id: scene.id });
      if (!row) throw new Error('scene');
      s[key] = row.id;
      alarm[key] = (
        await insertTestAlarm(app, { sceneId: row.id, sceneName: key, alarmTime: new Date() })
      ).id;
    }
  });

  const alarmScenes = async (token: string) => {
    const res = await call<AlarmListResult>('POST', `${ALARMS}/list`, token, { page: 1, limit: 50 });
    expect(res.statusCode).toBe(200);
    const mine = new Set(Object.values(alarm));
    return res.body.data.list
      .filter((a) => mine.has(a.id))
      .map((a) => Object.entries(s).find(([, id]) => id === a.sceneId)?.[0])
      .sort();
  };

  it('scene authority: granted scenes only, on the next call; others refused', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, who);
    expect(await alarmScenes(token)).toEqual(['s1', 's2', 's3']);
    const res = await call<SceneAuthorityResponse>('POST', ACCOUNT_API.sceneAuthority, adminToken, {
      accountId: who.id,
      allScenes: false,
      sceneIds: [s.s1],
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ accountId: who.id, allScenes: false, sceneIds: [s.s1] });
    expect(await alarmScenes(token)).toEqual(['s1']);
    expect((await call('GET', `${ALARMS}/${alarm.s1}`, token)).statusCode).toBe(200);
    expect((await call('GET', `${ALARMS}/${alarm.s3}`, token)).statusCode).toBe(404);
    // the dialog's list: every scene with the grant flag; under F1 only s1 and s2
    const dialog = await call<AuthorityScene[]>('GET', ACCOUNT_API.authorityScenes(who.id, 0), adminToken);
    const mine = dialog.body.data.filter((x) => Object.values(s).includes(x.id));
    expect(mine.map((x) => [x.id, x.granted])).toEqual(
      expect.arrayContaining([
        [s.s1, true],
        [s.s2, false],
        [s.s3, false],
      ]),
    );
    const underF1 = await call<AuthorityScene[]>(
      'GET',
      ACCOUNT_API.authorityScenes(who.id, n.F1 as number),
      adminToken,
    );
    expect(underF1.body.data.map((x) => x.id).sort()).toEqual([s.s1, s.s2].sort());
    // list item reflects it
    const item = await call<AccountItem>('GET', ACCOUNT_API.detail(who.id), adminToken);
    expect(item.body.data).toMatchObject({ allScenes: false, sceneCount: 1 });
    // back to all scenes
    await call('POST', ACCOUNT_API.sceneAuthority, adminToken, {
      accountId: who.id,
      allScenes: true,
      sceneIds: [],
    });
    expect(await alarmScenes(token)).toEqual(['s1', 's2', 's3']);
    // audit with before/after
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.sceneAuthority')));
    expect(entries.some((e) => JSON.stringify(e.detail).includes(`"sceneIds":[${s.s1}]`))).toBe(true);
  });

  it('regional authority: the scenes of a region and of the regions below it', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, who);
    await call('POST', ACCOUNT_API.sceneAuthority, adminToken, {
      accountId: who.id,
      allScenes: false,
      sceneIds: [],
    });
    expect(await alarmScenes(token)).toEqual([]);
    const region = await call('POST', ACCOUNT_API.region, adminToken, {
      accountId: who.id,
      regionIds: [n.A1],
    });
    expect(region.statusCode).toBe(200);
    expect(region.body.data).toEqual({ accountId: who.id, regionIds: [n.A1] });
    expect(await alarmScenes(token)).toEqual(['s1', 's2']);
    expect((await call('GET', `${ALARMS}/${alarm.s2}`, token)).statusCode).toBe(200);
    expect((await call('GET', `${ALARMS}/${alarm.s3}`, token)).statusCode).toBe(404);
    const dialog = await call<AuthorityScene[]>('GET', ACCOUNT_API.authorityScenes(who.id, 0), adminToken);
    expect(dialog.body.data.find((x) => x.id === s.s2)).toMatchObject({ granted: false, viaRegion: true });
    // plus a single scene elsewhere
    await call('POST', ACCOUNT_API.sceneAuthority, adminToken, {
      accountId: who.id,
      allScenes: false,
      sceneIds: [s.s3],
    });
    expect(await alarmScenes(token)).toEqual(['s1', 's2', 's3']);
    expect(await visibleScenes(app.db, { accountId: who.id, isAdmin: false })).toEqual(
      [s.s1, s.s2, s.s3].sort((a, b) => (a as number) - (b as number)),
    );
    // the whole factory F2 only
    await call('POST', ACCOUNT_API.sceneAuthority, adminToken, {
      accountId: who.id,
      allScenes: false,
      sceneIds: [],
    });
    await call('POST', ACCOUNT_API.region, adminToken, { accountId: who.id, regionIds: [n.F2] });
    expect(await alarmScenes(token)).toEqual(['s3']);
    const perm = await call<{ regionIds: number[]; allScenes: boolean }>(
      'GET',
      ACCOUNT_API.permission(who.id),
      adminToken,
    );
    expect(perm.body.data).toMatchObject({ allScenes: false, regionIds: [n.F2] });
  });

  it('batch authority applies to every account', async () => {
    const a = await createAccount(app, { roles: ['operator'] });
    const b = await createAccount(app, { roles: ['operator'] });
    const [ta, tb] = [await login(app, a), await login(app, b)];
    const res = await call<SceneAuthorityResponse[]>('POST', ACCOUNT_API.sceneBatchAuthority, adminToken, {
      accountIds: [a.id, b.id],
      allScenes: false,
      sceneIds: [s.s2, s.s3],
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(await alarmScenes(ta)).toEqual(['s2', 's3']);
    expect(await alarmScenes(tb)).toEqual(['s2', 's3']);
  });

  it('unknown scenes, nodes and accounts are refused', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const bad = [
      await call('POST', ACCOUNT_API.sceneAuthority, adminToken, {
        accountId: who.id,
        allScenes: false,
        sceneIds: [987654],
      }),
      await call('POST', ACCOUNT_API.sceneBatchAuthority, adminToken, {
        accountIds: [who.id, 987654],
        allScenes: false,
        sceneIds: [],
      }),
      await call('POST', ACCOUNT_API.sceneBatchAuthority, adminToken, {
        accountIds: [],
        allScenes: true,
        sceneIds: [],
      }),
      await call('POST', ACCOUNT_API.region, adminToken, { accountId: who.id, regionIds: [987654] }),
      await call('GET', ACCOUNT_API.authorityScenes(who.id, 987654), adminToken),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(
      (
        await call('POST', ACCOUNT_API.sceneAuthority, adminToken, {
          accountId: 987654,
          allScenes: true,
          sceneIds: [],
        })
      ).statusCode,
    ).toBe(404);
    // nothing changed
    const item = await call<AccountItem>('GET', ACCOUNT_API.detail(who.id), adminToken);
    expect(item.body.data).toMatchObject({ allScenes: true, sceneCount: 0, regionIds: [] });
  });
});
