import { type ListResult, SCENE_API, type SceneItem } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { plantNode, scene, temporaryJob } from '../../db/schema/index.ts';
import { backends, body, createAccount, login, useTestApp } from '../../test/helpers.ts';

const NOW = new Date('2025-06-01T08:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);

/** POST scene/list { kind: 'temporary', jobState }: where each job stands at the server's clock. */
describe.each(backends)('temporary job state filter on %s', (backend) => {
  const ctx = useTestApp(backend, { now: () => NOW });
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = ctx.app;
    token = await login(app, await createAccount(app, { roles: ['operator'] }));
    const [area] = await app.db.insert(plantNode).values({ name: '原料场', kind: 'area' }).returning();
    if (!area) throw new Error('no area');
    const jobs = [
      { number: 'LS-1', start: hours(2), end: hours(5) }, // not started
      { number: 'LS-2', start: hours(-1), end: hours(3) }, // running
      { number: 'LS-3', start: hours(-6), end: hours(-2) }, // ended
      { number: 'LS-4', start: hours(-3), end: NOW }, // ended exactly now
      { number: 'LS-5', start: NOW, end: hours(1) }, // started exactly now: running
    ];
    for (const job of jobs) {
      const [row] = await app.db
        .insert(scene)
        .values({ name: `临时作业${job.number}`, kind: 'temporary', areaId: area.id })
        .returning();
      if (!row) throw new Error('no scene');
      await app.db.insert(temporaryJob).values({
        sceneId: row.id,
        number: job.number,
        name: `作业${job.number}`,
        startTime: job.start,
        endTime: job.end,
      });
    }
  });

  const numbers = async (filter: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: SCENE_API.list,
      payload: { page: 1, limit: 10, kind: 'temporary', ...filter },
      headers: { token, lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const data = body<ListResult<SceneItem>>(res).data;
    return { count: data.count, numbers: data.list.map((s) => s.temporaryJob?.number).sort() };
  };

  it('filters by not started, running and ended, with counts for the pagination', async () => {
    expect(await numbers({})).toEqual({ count: 5, numbers: ['LS-1', 'LS-2', 'LS-3', 'LS-4', 'LS-5'] });
    expect(await numbers({ jobState: null })).toMatchObject({ count: 5 });
    expect(await numbers({ jobState: 'notStarted' })).toEqual({ count: 1, numbers: ['LS-1'] });
    expect(await numbers({ jobState: 'running' })).toEqual({ count: 2, numbers: ['LS-2', 'LS-5'] });
    expect(await numbers({ jobState: 'ended' })).toEqual({ count: 2, numbers: ['LS-3', 'LS-4'] });
    expect(await numbers({ jobState: 'ended', keyword: 'LS-3' })).toEqual({ count: 1, numbers: ['LS-3'] });
  });

  it('refuses an unknown state with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: SCENE_API.list,
      payload: { page: 1, limit: 10, kind: 'temporary', jobState: 'someday' },
      headers: { token, lang: 'en' },
    });
    expect(res.statusCode).toBe(400);
  });
});
