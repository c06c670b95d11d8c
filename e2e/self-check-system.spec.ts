import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) =>
  expect.poll(read, { timeout, interval: 250 });

const LANGS = [
  {
    lang: 'en-US',
    uptime: 'Uptime',
    self: 'This instance',
    start: 'Start export',
    done: 'Finished',
    completed: 'Completed',
  },
  {
    lang: 'zh-CN',
    uptime: '运行时长',
    self: '当前实例',
    start: '开始导出',
    done: '已完成',
    completed: '已完成',
  },
];

describe('self-check: system status and one-key export', () => {
  it.each(LANGS)(
    'shows the instance cards, and a one-key export completes in the download centre ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      await page.goto('/selfCheck/systemStatus');
      const card = page.getByTestId('instance-card').first();
      await card.waitFor();
      const text = await card.innerText();
      expect(text).toContain(l.uptime);
      expect(text).toContain(l.self);
      expect(await card.getByTestId('instance-memory').innerText()).toMatch(/\d/);
      expect(await card.getByTestId('instance-disk').getAttribute('data-state')).toMatch(
        /normal|warning|exception/,
      );

      await page.goto('/selfCheck/onekeyExport');
      const start = page.getByTestId('onekey-start');
      await start.waitFor();
      expect(await start.innerText()).toContain(l.start);
      await start.click();
      await page.getByTestId('onekey-done').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('onekey-done').innerText()).toContain(l.done);

      await page.getByTestId('download-center').click();
      const item = page.getByTestId('download-center-drawer').getByTestId('export-item').first();
      await item.waitFor();
      expect(await item.innerText()).toMatch(/onekey-export-\d{8}-\d{6}\.zip/);
      await poll(() => item.getAttribute('data-state')).toBe('completed');
      expect(await item.getByTestId('export-state').innerText()).toContain(l.completed);
      await page.close();
    },
  );
});
