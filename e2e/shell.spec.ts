import { flattenMenuTree, LAYOUT_EXTRA_ROUTES } from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath, openContextMenu, toastText } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (options: { width?: number; locale?: string } = {}) => session.loggedInPage(options);

const tag = (page: Page, path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);

/** Right-clicks a tag and picks an item of its context menu. */
async function pickTagMenuItem(page: Page, path: string, item: string): Promise<void> {
  const menu = await openContextMenu(page, tag(page, path));
  await menu.getByTestId(item).click();
}

describe('console shell', () => {
  it('switches to Chinese, keeps it after a reload, and switches back', async () => {
    const page = await loggedInPage();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('History records');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    expect(await toastText(page)).toMatch(/Switch Language Success|切换语言成功/);
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('历史记录');

    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('历史记录');
    await page.goto('/historyRecords/historyAlarm');
    await expect.poll(() => page.title()).toContain('历史报警');
    expect(await page.getByTestId('breadcrumb').innerText()).toContain('历史记录');

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('History records');
    await page.context().close();
  });

  it('opens the login page in Chinese for a Chinese browser', async () => {
    const { page, context } = await newPage(session.browser, session.server.url, { locale: 'zh-CN' });
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('login-submit').innerText()).toMatch(/登\s*录/);
    await context.close();
  });

  it('opens, switches, refreshes and closes tabs', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    await tag(page, '/historyRecords/historyAlarm').waitFor();
    await page.goto('/historyRecords/historyEvent');
    await tag(page, '/historyRecords/historyEvent').waitFor();
    await page.goto('/meDetails/statistics');
    await tag(page, '/meDetails/statistics').waitFor();

    // Switch by clicking a tag.
    await tag(page, '/historyRecords/historyAlarm').click();
    await expectPath(page, '/historyRecords/historyAlarm');

    // Refresh re-mounts the page (a mark on the old page's element is gone) and keeps its path.
    const shown = page.locator('#main-content > *').first();
    await shown.evaluate((element) => element.setAttribute('data-before-refresh', 'yes'));
    await pickTagMenuItem(page, '/historyRecords/historyAlarm', 'tag-refresh');
    await expect.poll(() => page.locator('[data-before-refresh]').count(), { timeout: 15_000 }).toBe(0);
    await expectPath(page, '/historyRecords/historyAlarm');
    await tag(page, '/historyRecords/historyAlarm').and(page.locator('[data-active="true"]')).waitFor();

    // Close the active tag: another open tag becomes active.
    await pickTagMenuItem(page, '/historyRecords/historyAlarm', 'tag-close');
    await expect.poll(() => tag(page, '/historyRecords/historyAlarm').count()).toBe(0);
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .not.toBe('/historyRecords/historyAlarm');

    // Close others keeps the affixed home and the chosen tag.
    await pickTagMenuItem(page, '/meDetails/statistics', 'tag-close-others');
    await expect.poll(() => page.getByTestId('tag').count()).toBe(2);
    expect(await tag(page, '/dashboard').count()).toBe(1);
    expect(await tag(page, '/meDetails/statistics').count()).toBe(1);

    // Close all leaves only home, and goes there.
    await pickTagMenuItem(page, '/meDetails/statistics', 'tag-close-all');
    await expectPath(page, '/dashboard');
    await expect.poll(() => page.getByTestId('tag').count()).toBe(1);
    await page.context().close();
  });

  it('shows the about dialog with the version and support line', async () => {
    const page = await loggedInPage();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-about').click();
    const about = page.getByTestId('about-dialog');
    await about.waitFor();
    const text = await about.innerText();
    expect(text).toContain('V3.8');
    expect(text).toMatch(/\d{3}-\d{3}-\d{4}/);
    await page.context().close();
  });

  it('shows a back link only when the breadcrumb is deep', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId('breadcrumb').waitFor();
    expect(await page.getByTestId('back-link').count()).toBe(0);
    await page.goto('/historyRecords/taskDetails/7');
    await page.getByTestId('back-link').waitFor();
    await page.context().close();
  });

  it('switches to mobile mode below 992 px', async () => {
    const page = await loggedInPage({ width: 900 });
    const layout = page.locator('[data-device]');
    await expect.poll(() => layout.first().getAttribute('data-device')).toBe('mobile');
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBe('false');
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBe('true');
    await page.getByTestId('sidebar').getByText('History records').click();
    await page.getByTestId('sidebar').getByText('History alarms').click();
    await expectPath(page, '/historyRecords/historyAlarm');
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBe('false');
    await page.context().close();
  });

  it('reaches every route of the route table as admin without a 404', async () => {
    const page = await loggedInPage();
    const paths = [...flattenMenuTree(), ...LAYOUT_EXTRA_ROUTES]
      .map((node) =>
        node.path.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? '1' : `demo-${name}`)),
      )
      .filter((path) => path !== '/firstLoginChangePassword');
    expect(paths.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const at = new URL(page.url()).pathname;
      if (at === '/404' || at === '/401' || (await page.getByTestId('error-404').count()) > 0)
        missing.push(path);
    }
    expect(missing).toEqual([]);
    await page.context().close();
  }, 420_000);
});

describe('global error log (SPEC §8)', () => {
  it('collects an uncaught error, sends it to the server log and shows it to the admin', async () => {
    const page = await loggedInPage();
    // No error yet: no error-log icon.
    expect(await page.getByTestId('error-log-open').count()).toBe(0);
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/v2/backend/clientError') && r.method() === 'POST',
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from the control room');
      });
    });
    const report = JSON.parse((await reported).postData() ?? '{}') as { message?: string; route?: string };
    expect(report.message).toBe('Error: boom from the control room');
    expect(report.route).toBe('/dashboard');
    expect((await (await reported).response())?.status()).toBe(200);

    await page.getByTestId('error-log-open').click();
    const table = page.getByTestId('error-log-table');
    await table.waitFor();
    expect(await table.innerText()).toContain('Error: boom from the control room');
    expect(await table.innerText()).toContain('/dashboard');
  });
});
