import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { pickOption, toastText } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);

async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => toastText(page), { timeout: 10_000 }).toMatch(text);
}

const drawer = (page: Page) => page.getByTestId('scene-drawer');
const sidebar = (page: Page) => page.getByTestId('sidebar');

/** Opens the general scenes group in the sidebar and answers its text. */
async function generalGroupText(page: Page): Promise<string> {
  const group = sidebar(page)
    .getByRole('menuitem', { name: /General scenes/ })
    .first();
  const expanded = await group.getAttribute('aria-expanded');
  if (expanded === 'false') await group.click();
  return sidebar(page).innerText();
}

describe('scenes', () => {
  it('creates a general scene, enables and disables it from the sidebar menus, opens its page', async () => {
    const page = await loggedInPage();
    await page.goto('/sceneManagement/sceneSupervisionSet');
    await page.getByTestId('scene-manage-general').getByText('装车站安全监管').waitFor();

    // Empty form: the SPEC messages.
    await page.getByTestId('scene-add').click();
    await page.getByTestId('scene-save').click();
    await drawer(page).getByText('The scene name cannot be empty').waitFor();
    await drawer(page).getByText('The area cannot be empty').waitFor();

    await page.getByTestId('scene-name').fill('检修通道监管');
    await pickOption(page, page.locator('#areaId'), '泵房', { search: true });
    await page.getByTestId('scene-save').click();
    await expectToast(page, 'Saved successfully');
    const row = page.locator('tr', { hasText: '检修通道监管' });
    await row.waitFor();
    expect(await row.innerText()).toContain('东区煤化工厂 / 化产车间 / 泵房');

    // The new (enabled) scene shows under General scenes in the sidebar.
    await expect.poll(() => generalGroupText(page)).toContain('检修通道监管');

    // Disable: it leaves the menu; enable: it comes back.
    await row.getByRole('switch').click();
    await expectToast(page, 'Disabled');
    await expect.poll(() => sidebar(page).innerText()).not.toContain('检修通道监管');
    await row.getByRole('switch').click();
    await expectToast(page, 'Enabled');
    await expect.poll(() => generalGroupText(page)).toContain('检修通道监管');

    // Open the scene page from the sidebar.
    await sidebar(page).getByRole('menuitem', { name: '检修通道监管' }).click();
    await page.waitForURL((url) => /^\/generalSceneManage\/\d+$/.test(url.pathname));
    const scenePage = page.getByTestId('scene-page');
    await scenePage.waitFor();
    const text = await scenePage.innerText();
    expect(text).toContain('检修通道监管');
    expect(text).toContain('东区煤化工厂 / 化产车间 / 泵房');
    expect(text).toContain('Latest alarms');
    await page.getByTestId('scene-alarm-list-empty').waitFor();

    // The group page lists it as a card; after a reload the changes are still there.
    await page.reload();
    await page.getByTestId('scene-page').waitFor();
    await page.goto('/generalSceneManage');
    await page.getByTestId('scene-cards-general').getByText('检修通道监管').waitFor();

    // An unknown scene id: a clear not-found state.
    await page.goto('/generalSceneManage/999999');
    await page.getByTestId('scene-not-found').waitFor();
    await page.context().close();
  });

  it('creates a temporary job: a bad time range is refused, then fixed', async () => {
    const page = await loggedInPage();
    await page.goto('/sceneManagement/temporaryJobSet');
    await page.getByTestId('scene-manage-temporary').getByText('锅炉房检修临时动火').waitFor();

    await page.getByTestId('scene-add').click();
    await page.getByTestId('scene-save').click();
    await drawer(page).getByText('The job type cannot be empty').waitFor();

    await page.getByTestId('scene-name').fill('罐区临时用电');
    await pickOption(page, page.locator('#areaId'), '罐区', { search: true });
    await pickOption(page, page.locator('#jobTypeId'), '临时用电');
    await page.getByTestId('job-number').fill('LS-E2E-01');
    await page.getByTestId('job-name').fill('罐区照明临时接电');

    // Only a start time: refused with the SPEC message.
    const start = page.locator('#temporaryJob_timeRange');
    await start.click();
    await start.fill('2026-11-22 09:00:00');
    await start.press('Enter');
    await page.getByTestId('scene-save').click();
    await drawer(page).getByText('Please choose the start and end time!').waitFor();

    // Start and end: saved.
    await start.click();
    await start.fill('2026-11-22 09:00:00');
    await start.press('Enter');
    const end = page.getByTestId('job-time-range').locator('input').nth(1);
    await end.fill('2026-11-22 17:00:00');
    await end.press('Enter');
    // Close the picker's panel by clicking another field: Escape would close the whole drawer when
    // the panel has already closed on Enter.
    await page.getByTestId('job-name').click();
    await page.getByTestId('scene-save').click();
    await expectToast(page, 'Saved successfully');
    const row = page.locator('tr', { hasText: 'LS-E2E-01' });
    await row.waitFor();

    await page.reload();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('罐区照明临时接电');
    expect(text).toContain('2026-11-22 09:00:00');
    expect(text).toContain('2026-11-22 17:00:00');

    // The temporary work page lists the enabled temporary jobs.
    await page.goto('/temporaryJobScene/temporaryJobManage');
    await page.getByTestId('scene-cards-temporary').getByText('罐区临时用电').waitFor();
    await page.context().close();
  });

  it('reads the scene pages in Chinese', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/sceneManagement/sceneSupervisionSet');
    const card = page.getByTestId('scene-manage-general');
    await card.getByText('装车站安全监管').waitFor();
    const text = await card.innerText();
    expect(text).toContain('场景名称');
    expect(text).toContain('所属区域');
    await page.getByTestId('scene-add').click();
    await page.getByTestId('scene-save').click();
    await drawer(page).getByText('场景名称不能为空').waitFor();
    await drawer(page).getByText('所属区域不能为空').waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/jobSceneManage');
    await page.getByTestId('scene-cards-job').getByText('2号炉区动火作业').click();
    await page.getByTestId('scene-page').waitFor();
    expect(await page.getByTestId('scene-page').innerText()).toContain('最新报警');
    await page.context().close();
  });
});
