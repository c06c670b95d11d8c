import {
  ACCOUNT_API,
  type AccountCreateResponse,
  ALARM_API,
  API,
  ROLES_API,
  type RoleOption,
  type UserInfo,
} from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEngineKey,
  type DemoRefs,
  demoRefs,
  ingestAlarm,
  solidImage,
  uniqueEventId,
} from './support/alarms.ts';
import { apiClient, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { type Session, startSession } from './support/session.ts';
import { pickOption } from './support/ui.ts';

let session: Session;
let engineKey = '';
let image: Buffer;
let refs: DemoRefs;
let adminId = 0;

beforeAll(async () => {
  session = await startSession();
  engineKey = await createEngineKey(session.api, 'e2e-my-statistics');
  image = await solidImage('#2c3e50', { format: 'jpeg' });
  refs = await demoRefs(session.api);
  adminId = (await session.api<UserInfo>(API.userInfo)).id;
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

/** An alarm raised now in the demo scene. */
const reportAlarm = () =>
  ingestAlarm(
    session.server.url,
    engineKey,
    {
      eventId: uniqueEventId('e2e-mine'),
      alarmTime: new Date().toISOString(),
      priority: 120003,
      sceneId: refs.sceneId,
      cameraId: refs.cameraId,
      algorithmId: refs.algorithmId,
    },
    { image },
  );

const value = (page: Page, kpi: string) => page.getByTestId(`kpi-${kpi}-value`).innerText();

async function openStatistics(page: Page, query = '') {
  await page.goto(`/meDetails/statistics${query}`);
  await page.getByTestId('my-statistics-page').waitFor();
  await page.getByTestId('kpi-deal-value').waitFor();
}

/** The chart has finished drawing and holds bars (SVG paths). */
async function expectChart(page: Page, testId: string) {
  const chart = page.getByTestId(testId);
  await expect.poll(() => chart.getAttribute('data-rendered')).toBe('true');
  expect(await chart.locator('svg path').count()).toBeGreaterThan(0);
}

const title = (page: Page) =>
  page.getByTestId('my-statistics-page').locator('.ant-card-head-title').first().innerText();

describe('My desk › Alarm statistics', () => {
  it('counts an alarm I process while the page is open, draws the charts, and each figure opens History alarms (English)', async () => {
    const page = await session.loggedInPage();
    await openStatistics(page);
    expect(await title(page)).toBe('Alarm statistics');
    const before = Number(await value(page, 'deal'));

    const id = await reportAlarm();
    await session.api(ALARM_API.deal, { method: 'POST', body: { id, comment: 'e2e my statistics' } });
    // No reload: the handling's event refreshes the figures.
    await expect.poll(() => value(page, 'deal')).toBe(String(before + 1));
    await expectChart(page, 'statistics-trend-chart');
    await expectChart(page, 'statistics-level-chart');
    expect(await value(page, 'median')).toMatch(/^\d+ (s|min|h|d)/);
    expect(await page.getByTestId('statistics-subject').innerText()).toContain('admin');

    const href = (await page.getByTestId('kpi-deal-link').getAttribute('href')) ?? '';
    const url = new URL(href, session.server.url);
    expect(url.pathname).toBe('/historyRecords/historyAlarm');
    expect(url.searchParams.get('handlerId')).toBe(String(adminId));
    expect(url.searchParams.get('alarmState')).toBe('2');
    expect(url.searchParams.get('startTime')).not.toBeNull();
    expect(url.searchParams.get('endTime')).not.toBeNull();
    await page.getByTestId('kpi-deal-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/historyRecords/historyAlarm');
    await page.close();
  });

  it('speaks Chinese: title, figures, periods and a custom range', async () => {
    // Something handled today, so every period has bars to draw.
    const id = await reportAlarm();
    await session.api(ALARM_API.cancel(id), { method: 'POST' });
    const page = await session.loggedInPage('zh-CN');
    await openStatistics(page);
    expect(await title(page)).toBe('报警统计');
    const kpis = await page.getByTestId('statistics-figures').innerText();
    for (const label of ['已处理', '标记误报', '已审批', '撤销审批', '处理时长中位数', '90%的报警处理用时']) {
      expect(kpis).toContain(label);
    }
    expect(await page.getByTestId('statistics-trend').innerText()).toContain('处理趋势');
    expect(await page.getByTestId('statistics-level').innerText()).toContain('按报警级别');

    await page.getByTestId('statistics-period').getByText('本月', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('preset')).toBe('month');
    await expectChart(page, 'statistics-trend-chart');
    expect(await value(page, 'deal')).toMatch(/^\d+$/);

    await page.getByTestId('statistics-period').getByText('自定义', { exact: true }).click();
    await page.getByTestId('statistics-range').first().waitFor();
    await page.getByTestId('statistics-period').getByText('近30天', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('preset')).toBe('last30');

    // A custom range from the URL: the picker holds it and the figures cover it.
    const start = new Date(Date.now() - 3 * 86_400_000);
    start.setHours(0, 0, 0, 0);
    const end = new Date();
    end.setHours(23, 59, 59, 999);
    await openStatistics(page, `?startTime=${start.toISOString()}&endTime=${end.toISOString()}`);
    await expect.poll(() => page.getByTestId('statistics-range').first().inputValue()).not.toBe('');
    expect(await page.getByTestId('statistics-subject').innerText()).toContain(' 至 ');
    await expectChart(page, 'statistics-trend-chart');
    await page.close();
  });

  it('an admin picks another account and sees its figures', async () => {
    const roles = await session.api<RoleOption[]>(ROLES_API.options);
    const operatorRole = roles.find((r) => r.name === 'operator');
    if (!operatorRole) throw new Error('no operator role');
    const name = `stats${Date.now().toString(36)}`;
    await session.api<AccountCreateResponse>(ACCOUNT_API.create, {
      method: 'POST',
      body: {
        accountName: name,
        displayName: name,
        phone: '',
        email: '',
        roleIds: [operatorRole.id],
        password: NEW_PASSWORD,
        mustChangePassword: false,
      },
    });
    const operator = apiClient(session.server.url, await apiLogin(session.server.url, name, NEW_PASSWORD));
    const dealt = await reportAlarm();
    const cancelled = await reportAlarm();
    await operator(ALARM_API.deal, { method: 'POST', body: { id: dealt } });
    await operator(ALARM_API.cancel(cancelled), { method: 'POST' });

    const page = await session.loggedInPage();
    await openStatistics(page);
    await pickOption(page, 'statistics-account', name, { search: true });
    await expect.poll(() => new URL(page.url()).searchParams.get('accountId')).not.toBeNull();
    await expect.poll(() => page.getByTestId('statistics-subject').innerText()).toContain(name);
    await expect.poll(() => value(page, 'deal')).toBe('1');
    expect(await value(page, 'cancel')).toBe('1');
    expect(await value(page, 'approve')).toBe('0');
    const href = (await page.getByTestId('kpi-cancel-link').getAttribute('href')) ?? '';
    const accountId = new URL(page.url()).searchParams.get('accountId');
    expect(new URL(href, session.server.url).searchParams.get('handlerId')).toBe(accountId);
    await page.close();
  });
});
