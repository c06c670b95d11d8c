import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const LANGS = [
  { lang: 'en-US', waiting: 'Waiting', drain: 'Drain time' },
  { lang: 'zh-CN', waiting: '等待数', drain: '消化时间' },
];

describe('queue monitoring pages', () => {
  it.each(LANGS)('lists every queue and the pile-up records ($lang)', async (l) => {
    const page = await session.loggedInPage(l.lang);
    await page.goto('/selfCheck/queueMonitoring');
    const monitor = page.getByTestId('queue-monitoring-page');
    await monitor.waitFor();
    await expect.poll(() => monitor.innerText(), { timeout: 20_000 }).toContain('training');
    expect(await monitor.innerText()).toContain(l.waiting);
    expect(await monitor.innerText()).toContain('exports');

    await page.goto('/selfCheck/messageQueuePilesUpRecords');
    const records = page.getByTestId('pileup-records-page');
    await records.waitFor();
    await expect.poll(() => records.innerText(), { timeout: 20_000 }).toContain(l.drain);
    await page.close();
  });

  it('pauses and resumes a queue from the monitor, and draws the last hour', async () => {
    const page = await session.loggedInPage('en-US');
    await page.goto('/selfCheck/queueMonitoring');
    await page.getByTestId('queue-monitoring-page').waitFor();
    await page.getByTestId('queue-training-pause').click();
    await page.getByTestId('queue-pause-confirm').click();
    await page.getByTestId('queue-training-paused').waitFor();
    await page.getByTestId('queue-training-resume').click();
    await page.getByTestId('queue-training-paused').waitFor({ state: 'detached' });
    await page.getByTestId('queue-training-pause').waitFor();
    // The live push cannot be paused: no pause offered.
    const fanoutRow = page.getByTestId('queue-monitoring-table').locator('tr', { hasText: 'Event fan-out' });
    expect(await fanoutRow.innerText()).toContain('Cannot pause');
    // The card's title (once samples exist, the chart's accessible label says "Last hour" too).
    await page.locator('.ant-card-head-title', { hasText: 'Last hour' }).waitFor();
    await page.close();
  });
});
