import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API,
  EXPORT_API,
  type ExportFile,
  type ListResult,
  PLAN_TASK_API,
  type PlanTaskRunList,
} from '@sentinel/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { exportFile } from '../../db/schema/index.ts';
import { backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';
import { EXPORT_SUBDIR } from './alarm-export-service.ts';

/**
 * The plan task `exportCleanup`: finished exports (completed or failed) older than
 * EXPORT_KEEP_DAYS go with their files; recent ones and those still generating stay.
 */
describe.each(backends)('export clean-up plan task on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-export-cleanup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const h = useTestApp(backend, { dataDir, exportKeepDays: 7 });

  it('deletes finished exports older than the limit with their files, keeps recent and generating ones', async () => {
    const owner = await createAccount(h.app, { roles: ['admin'] });
    const token = await login(h.app, owner);
    const dir = join(dataDir, 'media', EXPORT_SUBDIR);
    mkdirSync(dir, { recursive: true });
    const stored = (name: string) => {
      writeFileSync(join(dir, name), 'PK');
      return `${EXPORT_API.filePrefix}${name}`;
    };
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000);
    await h.app.db.insert(exportFile).values([
      {
        accountId: owner.id,
        fileName: 'old-done.xlsx',
        state: 1,
        gmtCreate: daysAgo(8),
        fileUrl: stored('old.xlsx'),
      },
      {
        accountId: owner.id,
        fileName: 'old-failed.xlsx',
        state: 2,
        gmtCreate: daysAgo(9),
        finishedAt: daysAgo(9),
      },
      {
        accountId: owner.id,
        fileName: 'old-generating.xlsx',
        state: 0,
        gmtCreate: daysAgo(8),
        owner: 'node-x',
        leaseUntil: new Date(now + 600_000),
      },
      {
        accountId: owner.id,
        fileName: 'recent.xlsx',
        state: 1,
        gmtCreate: daysAgo(6),
        fileUrl: stored('recent.xlsx'),
      },
    ]);

    const run = await h.app.inject({
      method: 'POST',
      url: PLAN_TASK_API.run('exportCleanup'),
      headers: { token },
    });
    expect(run.statusCode).toBe(200);
    await h.app.planTasks.idle();

    const list = await h.app.inject({ url: API.exportList, headers: { token } });
    const names = body<ListResult<ExportFile>>(list)
      .data.list.map((f) => f.fileName)
      .sort();
    expect(names).toEqual(['old-generating.xlsx', 'recent.xlsx']);
    expect(existsSync(join(dir, 'old.xlsx'))).toBe(false);
    expect(existsSync(join(dir, 'recent.xlsx'))).toBe(true);

    const runs = await h.app.inject({
      method: 'POST',
      url: PLAN_TASK_API.runs,
      headers: { token },
      payload: { page: 1, limit: 10, code: 'exportCleanup' },
    });
    const [last] = body<PlanTaskRunList>(runs).data.list;
    expect(last).toMatchObject({ trigger: 'manual', outcome: 'ok', summary: { deleted: 2, files: 1 } });
  });
});
