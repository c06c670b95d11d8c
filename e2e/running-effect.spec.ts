import { ALARM_API } from '@sentinel/contract';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath } from './support/ui.ts';

let session: Session;
let algorithmId = 0;

/**
 * The demo plant's alarms fill the page; this spec adds two of today on one algorithm, one marked
 * false positive, so the figures it drills through are there whatever the demo holds. No
 * simulator adds alarms while it runs (startServer), so a figure and its list count the same rows.
 */
beforeAll(async () => {
  session = await startSession();
  const { api, server } = session;
  const key = await createEngineKey(api, 'e2e-running-effect');
  const refs = await demoRefs(api);
  algorithmId = refs.algorithmId;
  const image = await solidImage('#16a085', { format: 'jpeg' });
  const alarm = (eventId: string, minutesAgo: number) =>
    ingestAlarm(
      server.url,
      key,
      {
        eventId,
        alarmTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        priority: 120003,
        sceneId: refs.sceneId,
        cameraId: refs.cameraId,
        algorithmId: refs.algorithmId,
      },
      { image },
    );
  const first = await alarm('e2e-effect-1', 12);
  await alarm('e2e-effect-2', 8);
  await api(ALARM_API.cancel(first), { method: 'POST', body: {} });
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const numberIn = async (locator: Locator) => Number((await locator.innerText()).replace(/[^\d]/g, ''));

/** The total History alarms shows under its table. */
const listTotal = async (page: Page) => {
  const total = page.getByTestId('history-alarm-page').locator('.ant-pagination-total-text');
  if (!(await total.count())) return -1;
  return numberIn(total.first());
};

const renderedChart = async (page: Page, testId: string) => {
  const chart = page.locator(`[data-testid="${testId}"][data-rendered="true"]`);
  await chart.waitFor();
  return chart;
};

const LANGS = [
  {
    lang: 'en-US',
    title: 'Alarms per day',
    fp: 'False-positive rate per algorithm and version',
    table: 'Table',
  },
  { lang: 'zh-CN', title: '每日报警数', fp: '各算法及版本的误报率', table: '表格' },
];

describe('system settings: running effect', () => {
  it.each(LANGS)(
    'shows the figures and charts; a day and an algorithm open History alarms with the same count ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      // This week: at most seven days, one page of the table.
      await page.goto('/systemSettings/runningEffect?preset=week');
      const total = await numberIn(page.getByTestId('kpi-alarms-value'));
      expect(total).toBeGreaterThan(0);
      const text = await page.getByTestId('running-effect-page').innerText();
      expect(text).toContain(l.title);
      expect(text).toContain(l.fp);
      for (const chart of ['effect-alarms-chart', 'effect-false-positive-chart'])
        expect(await (await renderedChart(page, chart)).locator('svg path').count()).toBeGreaterThan(0);

      // The alarms per day as a table (each day's count), then a click on the last bar of the chart:
      // History alarms of that day, with the table's count for it.
      await page.getByTestId('effect-alarms-view').getByText(l.table).click();
      const table = page.getByTestId('effect-alarms-table');
      await table.locator('a[data-drill]').first().waitFor();
      const perDay = new Map<string, number>();
      for (const row of await table.locator('tbody tr').all())
        perDay.set(
          (await row.locator('td').first().innerText()).trim(),
          await numberIn(row.locator('a[data-drill]')),
        );
      expect([...perDay.values()].at(-1)).toBeGreaterThanOrEqual(2);
      await page.getByTestId('effect-alarms-view').locator('.ant-segmented-item').first().click();
      const bars = await renderedChart(page, 'effect-alarms-chart');
      await bars.locator('path[fill="#37f"]').last().click();
      await expectPath(page, '/historyRecords/historyAlarm');
      const params = new URL(page.url()).searchParams;
      const dayStart = params.get('startTime') ?? '';
      expect(Date.parse(params.get('endTime') ?? '') - Date.parse(dayStart)).toBeLessThan(86_400_000);
      // The browser runs in this process' time zone: the day's label as the table shows it.
      const label = dayjs(dayStart).format('MM-DD');
      expect(perDay.has(label)).toBe(true);
      await expect.poll(() => listTotal(page)).toBe(perDay.get(label));

      // The algorithm's false positives in the table: History alarms of it, marked false positive.
      await page.goBack();
      await expectPath(page, '/systemSettings/runningEffect');
      const fp = page.getByTestId(`effect-fp-${algorithmId}-fp`);
      const fpCount = await numberIn(fp);
      expect(fpCount).toBeGreaterThanOrEqual(1);
      await fp.click();
      await expectPath(page, '/historyRecords/historyAlarm');
      const drilled = new URL(page.url()).searchParams;
      expect(drilled.get('algorithmId')).toBe(String(algorithmId));
      expect(drilled.get('falsePositive')).toBe('true');
      await expect.poll(() => listTotal(page)).toBe(fpCount);

      // The alarms KPI: the whole range, the same count.
      await page.goBack();
      const kpi = await numberIn(page.getByTestId('kpi-alarms-value'));
      await page.getByTestId('kpi-alarms-link').click();
      await expectPath(page, '/historyRecords/historyAlarm');
      await expect.poll(() => listTotal(page)).toBe(kpi);
      await page.context().close();
    },
    120_000,
  );
});
