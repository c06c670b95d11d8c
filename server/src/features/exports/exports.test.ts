import { API, type ExportFile, type ListResult } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportFile } from '../../db/schema/index.ts';
import { backends, body, createAccount, login, type TestAccount, useTestApp } from '../../test/helpers.ts';

describe.each(backends)('download center on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let alice: TestAccount;
  let bob: TestAccount;
  let aliceToken: string;
  let bobToken: string;
  const ids: number[] = [];

  beforeAll(async () => {
    app = ctx.app;
    alice = await createAccount(app);
    bob = await createAccount(app);
    aliceToken = await login(app, alice);
    bobToken = await login(app, bob);
    const base = Date.parse('2024-05-01T08:00:00Z');
    const names = ['alarms-may.xlsx', 'alarms-june.xlsx', 'report_100%.xlsx', 'events.xlsx'];
    for (const [i, fileName] of names.entries()) {
      const [row] = await app.db
        .insert(exportFile)
        .values({
          accountId: alice.id,
          fileName,
          fileUrl: i === 3 ? null : `/media/exports/${fileName}`,
          state: i === 3 ? 0 : 1,
          gmtCreate: new Date(base + i * 60_000),
        })
        .returning({ id: exportFile.id });
      if (row) ids.push(row.id);
    }
    // Older files: the list runs to a second page of 10.
    await app.db.insert(exportFile).values(
      Array.from({ length: 7 }, (_, i) => ({
        accountId: alice.id,
        fileName: `archive-${i}.xlsx`,
        state: 1,
        gmtCreate: new Date(base - (i + 1) * 60_000),
      })),
    );
    await app.db.insert(exportFile).values({ accountId: bob.id, fileName: 'bob-alarms.xlsx', state: 1 });
  });

  const list = async (token: string, query = '') =>
    body<ListResult<ExportFile>>(await app.inject({ url: `${API.exportList}${query}`, headers: { token } }));

  it("lists only the caller's files, newest first, paginated", async () => {
    const all = await list(aliceToken);
    expect(all.status).toBe(0);
    expect(all.data.count).toBe(11);
    expect(all.data.list.map((f) => f.fileName).slice(0, 5)).toEqual([
      'events.xlsx',
      'report_100%.xlsx',
      'alarms-june.xlsx',
      'alarms-may.xlsx',
      'archive-0.xlsx',
    ]);
    expect(all.data.list).toHaveLength(10);
    expect(all.data.list[0]).toEqual({
      id: ids[3],
      fileName: 'events.xlsx',
      fileUrl: null,
      state: 0,
      gmtCreate: '2024-05-01T08:03:00.000Z',
      failureReason: '',
      retryable: false,
    });
    const page2 = await list(aliceToken, '?pageIndex=2&pageSize=10');
    expect(page2.data.count).toBe(11);
    expect(page2.data.list.map((f) => f.fileName)).toEqual(['archive-6.xlsx']);
    expect((await list(aliceToken, '?pageSize=20')).data.list).toHaveLength(11);
    expect((await list(bobToken)).data.list.map((f) => f.fileName)).toEqual(['bob-alarms.xlsx']);
  });

  it('filters by keyword case-insensitively, with % and _ taken literally', async () => {
    expect((await list(aliceToken, '?keyword=ALARMS')).data.count).toBe(2);
    expect(
      (await list(aliceToken, `?keyword=${encodeURIComponent('100%')}`)).data.list.map((f) => f.fileName),
    ).toEqual(['report_100%.xlsx']);
    expect((await list(aliceToken, '?keyword=%25')).data.count).toBe(1);
    expect((await list(aliceToken, "?keyword=x'%20OR%201=1--")).data.count).toBe(0);
  });

  it('validates the query with a 400 and field errors: page sizes are 10, 20, 30 or 50 (SPEC §9)', async () => {
    const fifteen = await app.inject({
      url: `${API.exportList}?pageSize=15`,
      headers: { token: aliceToken },
    });
    expect(fifteen.statusCode).toBe(400);
    const res = await app.inject({ url: `${API.exportList}?pageSize=500`, headers: { token: aliceToken } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      status: -400,
      message: 'Invalid value',
      data: { fields: [{ field: 'pageSize', message: 'Invalid value' }] },
    });
  });

  it('deletes own files only (404 for somebody else’s)', async () => {
    const target = ids[0] as number;
    const foreign = await app.inject({
      method: 'DELETE',
      url: API.exportDelete(target),
      headers: { token: bobToken },
    });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign)).toEqual({ status: -404, message: 'Not found', data: null });
    const own = await app.inject({
      method: 'DELETE',
      url: API.exportDelete(target),
      headers: { token: aliceToken, lang: 'zh-CN' },
    });
    expect(own.statusCode).toBe(200);
    expect(body(own)).toEqual({ status: 0, message: '删除成功！', data: null });
    expect((await list(aliceToken)).data.count).toBe(10);
    const gone = await app.inject({
      method: 'DELETE',
      url: API.exportDelete(target),
      headers: { token: aliceToken },
    });
    expect(gone.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/v2/backend/export/abc',
      headers: { token: aliceToken },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('requires a login', async () => {
    expect((await app.inject({ url: API.exportList })).statusCode).toBe(401);
  });
});
