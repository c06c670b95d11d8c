import { PROTOCOL_LOG_API, type ProtocolCountResult } from '@sentinel/contract';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngineKey, demoRefs, postAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';

let session: Session;

/** The video alarms this spec reports (the demo's alarm simulator is off in browser tests). */
const REPORTED = { accepted: 1, duplicate: 1, refused: 2 };

beforeAll(async () => {
  session = await startSession();
  const key = await createEngineKey(session.api, 'protocol-e2e');
  const refs = await demoRefs(session.api);
  const image = await solidImage('#336699', { format: 'jpeg' });
  const fields = { eventId: uniqueEventId('proto'), ...refs };
  const base = session.server.url;
  expect((await postAlarm(base, key, fields, { image })).status).toBe(200);
  expect((await postAlarm(base, key, fields, { image })).status).toBe(200); // the same eventId: duplicate
  expect((await postAlarm(base, 'not-a-key', fields, { image })).status).toBe(401);
  expect(
    (await postAlarm(base, key, { ...fields, eventId: uniqueEventId('proto'), cameraId: 'x' }, { image }))
      .status,
  ).toBe(400);
  // The log is written in batches (within 250 ms): wait until the counts API sees all four.
  const range = {
    startTime: dayjs().startOf('day').toISOString(),
    endTime: dayjs().endOf('day').toISOString(),
  };
  await vi.waitFor(
    async () => {
      const counts = await session.api<ProtocolCountResult>(PROTOCOL_LOG_API.counts, {
        method: 'POST',
        body: range,
      });
      const alarms = counts.cells.filter((c) => c.kind === 'videoAlarm').reduce((s, c) => s + c.count, 0);
      expect(alarms).toBe(4);
    },
    { timeout: 10_000, interval: 100 },
  );
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const LANGS = [
  {
    lang: 'en-US',
    refused: 'Refused',
    reason: 'Invalid engine key',
    total: '2 messages',
    raw: 'Raw metadata',
  },
  { lang: 'zh-CN', refused: '已拒绝', reason: '引擎密钥无效', total: '共 2 条', raw: '原始元数据' },
];

describe('protocol count and protocol log pages', () => {
  it.each(LANGS)(
    'a count opens the log with the same filters and figure, then a message ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      await page.goto('/selfCheck/protocolCount');
      const counts = page.getByTestId('protocol-count-page');
      await counts.waitFor();
      for (const [outcome, n] of Object.entries(REPORTED)) {
        await expect
          .poll(() => page.getByTestId(`count-videoAlarm-${outcome}`).innerText(), { timeout: 20_000 })
          .toBe(String(n));
      }
      expect(await page.getByTestId('protocol-count-table').innerText()).toContain(l.refused);
      await page.getByTestId('protocol-count-chart').waitFor();

      await page.getByTestId('count-videoAlarm-refused').click();
      const log = page.getByTestId('protocol-log-page');
      await log.waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/selfCheck/messageProtocolLog');
      expect(url.searchParams.get('kind')).toBe('videoAlarm');
      expect(url.searchParams.get('outcome')).toBe('refused');
      expect(url.searchParams.get('startTime')).toBeTruthy();
      const rows = page.locator('[data-testid^="protocol-log-row-"]');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(REPORTED.refused);
      expect(await log.innerText()).toContain(l.total);
      expect(await log.innerText()).toContain(l.reason);

      // The bad key's message: 401, its body never read.
      await rows.filter({ hasText: l.reason }).first().click();
      const drawer = page.getByTestId('protocol-detail');
      await drawer.getByTestId('protocol-detail-raw').waitFor();
      expect(await drawer.innerText()).toContain(l.raw);
      expect(await drawer.innerText()).toContain('engine.invalidKey');
      expect(await drawer.getByTestId('protocol-detail-raw').innerText()).toBe('{}');

      // The bad body's message: its fields as received and the field error.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await rows.filter({ hasNotText: l.reason }).first().click();
      await expect
        .poll(() => page.getByTestId('protocol-detail-raw').innerText(), { timeout: 10_000 })
        .toContain('"cameraId": "x"');
      expect(await page.getByTestId('protocol-detail-raw').innerText()).toContain('"image/jpeg"');
      expect(await page.getByTestId('protocol-detail-result').innerText()).toContain('"field": "cameraId"');
      await page.close();
    },
  );
});
