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
    name: 'Queue sample clean-up',
    cron: '0 4 * * 1',
    readable: 'At 04:00, only on Monday',
    invalid: 'Not a valid cron expression',
    historyTask: 'Plan task history clean-up',
    ok: 'Succeeded',
    manual: 'Run now',
  },
  {
    lang: 'zh-CN',
    name: '队列采样清理',
    cron: '15 2 * * *',
    readable: '在02:15',
    invalid: '不是有效的 cron 表达式',
    historyTask: '计划任务历史清理',
    ok: '成功',
    manual: '立即运行',
  },
];

describe('system settings: plan tasks', () => {
  it.each(LANGS)(
    'lists tasks, edits a cron with its preview, runs a task now and shows its run ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      await page.goto('/systemSettings/planTask');
      const table = page.getByTestId('plan-tasks-table');
      await table.getByText(l.name).waitFor();
      expect(await table.innerText()).toContain(l.historyTask);

      // Edit: a bad expression is refused in words, a good one reads out with its next five runs.
      await page.getByTestId('plan-task-edit-queueSampleRetention').click();
      const cron = page.getByTestId('plan-task-cron');
      await cron.fill('61 * * *');
      await poll(() => page.getByTestId('plan-task-readable').innerText()).toContain(l.invalid);
      expect(await page.locator('#plan-task-save').isDisabled()).toBe(true);
      await cron.fill(l.cron);
      await poll(() => page.getByTestId('plan-task-readable').innerText()).toContain(l.readable);
      await poll(() => page.getByTestId('plan-task-next-runs').locator('.ant-list-item').count()).toBe(5);
      await page.locator('#plan-task-save').click();
      await page.getByTestId('plan-task-dialog').waitFor({ state: 'hidden' });
      const row = table.locator('tr', { hasText: l.name });
      await poll(() => row.innerText()).toContain(l.cron);
      expect(await row.innerText()).toContain(l.readable);

      // Run now: the run appears in the task's history with its outcome and trigger.
      await page.getByTestId('plan-task-run-planTaskHistoryRetention').click();
      await page.getByTestId('plan-task-history-planTaskHistoryRetention').click();
      const history = page.getByTestId('plan-task-history');
      const first = history.locator('[data-testid^="plan-task-runs-row-"]').first();
      await poll(() => first.innerText()).toContain(l.ok);
      expect(await first.innerText()).toContain(l.manual);
      expect(await first.innerText()).toContain(l.historyTask);
      await page.close();
    },
  );
});
