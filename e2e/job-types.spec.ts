import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, pickOption, rowWithCell, waitForToast } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

const rows = (page: Page) => page.getByTestId('job-type-page').locator('tbody tr.ant-table-row');

const search = async (page: Page, keyword: string) => {
  const input = page.getByTestId('job-type-keyword').locator('input');
  await input.fill(keyword);
  await input.press('Enter');
};

// The job type catalogue (/sceneManagement/temporaryJobType), built from the catalogue kit.
describe('job types', () => {
  it('adds a job type after an empty name is refused, edits it, filters by kind and deletes it', async () => {
    const page = await session.loggedInPage();
    await page.goto('/sceneManagement/temporaryJobType');
    // The demo plant has six job types (a retry of this test finds its first try's row too).
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(6);
    const before = await rows(page).count();
    const name = `动土作业 ${Date.now().toString(36)}`;

    await page.getByTestId('job-type-add').click();
    await page.getByTestId('job-type-save').click();
    await expect.poll(() => page.locator('.ant-modal').innerText()).toContain('This cannot be empty');
    await page.getByTestId('job-type-name').fill(name);
    await pickOption(page, page.locator('#jobType_kind'), 'Temporary job');
    await page.locator('#jobType_description').fill('挖掘、打桩等动土作业');
    await page.getByTestId('job-type-name').press('Enter');
    await waitForToast(page, 'Saved successfully');
    await expect.poll(() => rows(page).count()).toBe(before + 1);

    const added = rowWithCell(page.getByTestId('job-type-page'), 'tbody tr', name);
    expect(await added.innerText()).toContain('Temporary job');
    await added.locator('[data-testid$="-edit"]').click();
    await expect.poll(() => page.getByTestId('job-type-name').inputValue()).toBe(name);
    await page.getByTestId('job-type-name').fill(`${name} 已改`);
    await page.getByTestId('job-type-save').click();
    await waitForToast(page, 'Saved successfully');

    await pickOption(
      page,
      page.getByTestId('job-type-page').getByRole('combobox', { name: 'Used for' }),
      'Temporary job',
    );
    await expect
      .poll(async () => (await rows(page).allInnerTexts()).every((row) => row.includes('Temporary job')))
      .toBe(true);
    await search(page, `${name} 已改`);
    await expect.poll(() => rows(page).count()).toBe(1);
    const renamed = rows(page).first();
    expect(await renamed.innerText()).toContain('Temporary job');

    await renamed.locator('[data-testid$="-delete"]').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').innerText()).toContain(`${name} 已改`);
    await confirmModal(page);
    await waitForToast(page, 'Deleted successfully');
    await expect.poll(() => page.getByTestId('page-empty').count()).toBe(1);
    await page.context().close();
  });

  it('warns before deleting a type that scenes use, and keeps it when the server refuses (zh-CN)', async () => {
    const page = await session.loggedInPage('zh-CN');
    await page.goto('/sceneManagement/temporaryJobType');
    await search(page, '动火作业');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().locator('[data-testid$="-delete"]').click();
    await expect
      .poll(() => page.locator('.ant-modal-confirm').innerText())
      .toContain('仍有场景使用，无法删除');
    await confirmModal(page);
    await waitForToast(page, '仍在使用中，无法删除');
    await page.reload();
    await search(page, '动火作业');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.context().close();
  });
});
