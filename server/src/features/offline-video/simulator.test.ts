import type { OfflineAnalysisDetail, OfflineEngineJob } from '@sentinel/contract';
import { OFFLINE_VIDEO_API } from '@sentinel/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineAnalysis } from '../../db/schema/index.ts';
import { backends, body } from '../../test/helpers.ts';
import { DEMO_ENGINE_NAME } from '../engines/demo-engine.ts';
import { releaseOwnAnalyses } from './engine-service.ts';
import { simulatedFindings, simulatedSteps, startOfflineSimulator } from './simulator.ts';
import { type OfflineHarness, offlineHarness } from './test-support.ts';

describe('simulated analysis plan', () => {
  it('reads a video in 3 to 20 steps', () => {
    expect(simulatedSteps(5)).toBe(3);
    expect(simulatedSteps(95)).toBe(10);
    expect(simulatedSteps(null)).toBe(6);
    expect(simulatedSteps(3600)).toBe(20);
  });
  it('finds 1 to 3 events per algorithm inside the video, in time order', () => {
    const job: OfflineEngineJob = {
      id: 7,
      name: 'x',
      source: 'file',
      videoUrl: '',
      format: 'mp4',
      durationSeconds: 30,
      algorithms: [
        { id: 1, code: 'a', name: 'A' },
        { id: 2, code: 'b', name: 'B' },
      ],
    };
    const findings = simulatedFindings(job);
    for (const id of [1, 2]) {
      const count = findings.filter((f) => f.algorithmId === id).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(3);
    }
    expect(findings.every((f) => f.offsetSeconds >= 0 && f.offsetSeconds <= 30)).toBe(true);
    expect(findings.map((f) => f.offsetSeconds)).toEqual(
      [...findings.map((f) => f.offsetSeconds)].sort((a, b) => a - b),
    );
  });
});

describe.each(backends)('the demo offline analyzer on %s', (backend) => {
  let h: OfflineHarness;
  beforeAll(async () => {
    h = await offlineHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  it('claims a waiting analysis as the demo engine and finishes it with events and images', async () => {
    const simulator = startOfflineSimulator(h.app, 3_600_000);
    try {
      const item = await h.startFileAnalysis('demo run');
      const detail = async () =>
        body<OfflineAnalysisDetail>(
          await h.app.inject({
            method: 'GET',
            url: OFFLINE_VIDEO_API.detail(item.id),
            headers: { token: h.admin },
          }),
        ).data;
      await simulator.tick();
      expect(await detail()).toMatchObject({ state: 1, progress: 0, engineName: DEMO_ENGINE_NAME });
      const seen: number[] = [];
      for (let i = 0; i < 25 && (await detail()).state === 1; i += 1) {
        await simulator.tick();
        seen.push((await detail()).progress);
      }
      const done = await detail();
      expect(done.state).toBe(2);
      expect(done.progress).toBe(100);
      expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
      expect(done.eventCount).toBeGreaterThanOrEqual(2);
      expect(done.events).toHaveLength(done.eventCount);
      expect(new Set(done.events.map((e) => e.algorithmName))).toEqual(new Set(['未戴安全帽', '吸烟']));
      const image = await h.app.inject({
        method: 'GET',
        url: done.events[0]?.imageUrl ?? '',
        headers: { token: h.admin },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      // Nothing left to do.
      await simulator.tick();
      expect((await detail()).state).toBe(2);
    } finally {
      await simulator.stop();
    }
  });

  it("hands back at once what this instance's analyzer was running when its process stopped, and nothing else", async () => {
    const simulator = startOfflineSimulator(h.app, 3_600_000);
    const mine = await h.startFileAnalysis('running at the crash');
    await simulator.tick();
    await simulator.stop();
    // Another instance's analyzer holds one too.
    const theirs = await h.startFileAnalysis('running elsewhere');
    const other = startOfflineSimulator(h.app, 3_600_000);
    await other.tick();
    await other.stop();
    await h.app.db.update(offlineAnalysis).set({ owner: 'node-b' }).where(eq(offlineAnalysis.id, theirs.id));
    const stateOf = async (id: number) =>
      (await h.app.db.select().from(offlineAnalysis).where(eq(offlineAnalysis.id, id)))[0];
    expect((await stateOf(mine.id))?.state).toBe(1);

    expect(await releaseOwnAnalyses(h.app)).toBe(1);
    expect(await stateOf(mine.id)).toMatchObject({ state: 0, progress: 0, owner: null });
    expect(await stateOf(theirs.id)).toMatchObject({ state: 1, owner: 'node-b' });
    await h.app.db.delete(offlineAnalysis).where(inArray(offlineAnalysis.id, [mine.id, theirs.id]));
  });

  it('drops an analysis deleted while it runs', async () => {
    const simulator = startOfflineSimulator(h.app, 3_600_000);
    try {
      const item = await h.startFileAnalysis('deleted midway');
      await simulator.tick();
      const removed = await h.app.inject({
        method: 'DELETE',
        url: OFFLINE_VIDEO_API.remove(item.id, h.adminAccount.id),
        headers: { token: h.admin },
      });
      expect(removed.statusCode).toBe(200);
      await simulator.tick();
      const next = await h.startFileAnalysis('next one');
      await simulator.tick();
      const res = await h.app.inject({
        method: 'GET',
        url: OFFLINE_VIDEO_API.detail(next.id),
        headers: { token: h.admin },
      });
      expect(body<OfflineAnalysisDetail>(res).data.state).toBe(1);
    } finally {
      await simulator.stop();
    }
  });
});
