import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';
import { type Session, startSession } from './support/session.ts';
import { toastText } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = () => session.loggedInPage();

const treeNode = (page: Page, name: string) => page.getByTestId(`tree-node-${name}`);
const formOk = (page: Page) => page.getByTestId('node-form-ok');

/** Answers the '是否确定删除？' dialog with OK and waits until it has gone. */
async function confirmDelete(page: Page, question = 'Are you sure you want to delete?'): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: question });
  await dialog.waitFor();
  await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Waits until a toast containing `text` shows (earlier toasts may still be on screen). */
async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => toastText(page), { timeout: 10_000 }).toMatch(text);
}

async function selectNode(page: Page, name: string): Promise<void> {
  await treeNode(page, name).click();
  await expect.poll(() => page.getByTestId('node-detail').innerText()).toContain(name);
}

describe('plant tree and colliery info', () => {
  it('creates an area under a demo plant and renames it; both survive a reload', async () => {
    const page = await loggedInPage();
    await page.goto('/systemSettings/regionalSettings');
    await treeNode(page, '焦化车间').waitFor();

    // Add an area under a demo plant.
    await selectNode(page, '焦化车间');
    await page.getByTestId('node-add-child').click();
    const form = page.getByTestId('node-form');
    await form.getByPlaceholder('Enter the node name').fill('检修平台');
    await formOk(page).click();
    await expectToast(page, 'Saved successfully');
    await treeNode(page, '检修平台').waitFor();
    await expect
      .poll(() => page.getByTestId('node-detail').innerText())
      .toContain('东区煤化工厂 / 焦化车间 / 检修平台');

    // An empty name is refused with the SPEC message.
    await page.getByTestId('node-edit').click();
    await form.getByPlaceholder('Enter the node name').fill('  ');
    await formOk(page).click();
    await expect.poll(() => form.innerText()).toContain('The node name cannot be empty');
    // Rename.
    await form.getByPlaceholder('Enter the node name').fill('检修平台二');
    await formOk(page).click();
    await expectToast(page, 'Saved successfully');
    await treeNode(page, '检修平台二').waitFor();

    // After a reload the renamed node is still there.
    await page.reload();
    await treeNode(page, '检修平台二').waitFor();
    expect(await treeNode(page, '检修平台').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('refuses to delete a node with children, and deletes the empty area', async () => {
    const page = await loggedInPage();
    await page.goto('/systemSettings/regionalSettings');
    await treeNode(page, '检修平台二').waitFor();

    // A node with children cannot be deleted: the server's reason is shown, nothing changes.
    await selectNode(page, '东区煤化工厂');
    await page.getByTestId('node-delete').click();
    await confirmDelete(page);
    await expectToast(page, 'still has child nodes, cameras or scenes');
    await treeNode(page, '东区煤化工厂').waitFor();

    // The empty area can be deleted.
    await selectNode(page, '检修平台二');
    await page.getByTestId('node-delete').click();
    await confirmDelete(page);
    await expect.poll(() => treeNode(page, '检修平台二').count()).toBe(0);
    await page.reload();
    await treeNode(page, '焦化车间').waitFor();
    expect(await treeNode(page, '检修平台二').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('uploads a logo on colliery info and shows it in the sidebar and on the login page', async () => {
    const page = await loggedInPage();
    await page.goto('/systemSettings/collieryInfo');
    const form = page.getByTestId('colliery-form');
    await form.waitFor();
    await form.getByLabel('Unit name').fill('东方煤化集团');
    await form.getByLabel('Contact phone').fill('12345');
    await form.getByLabel('Unit name').click();
    await expect.poll(() => form.innerText()).toContain('Please enter the correct telephone number');
    await form.getByLabel('Contact phone').fill('13800138000');

    const input = page.locator('input[type="file"]');
    // A text file dressed as a PNG passes the browser's check; the server refuses it.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await expect
      .poll(() => page.getByTestId('logo-error').innerText())
      .toBe('Only JPG or PNG images can be uploaded');
    // Too big: refused before sending.
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(501 * 1024) });
    await expect
      .poll(() => page.getByTestId('logo-error').innerText())
      .toBe('The image cannot exceed 500 KB');

    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 230, g: 90, b: 20 } },
    })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByTestId('logo-preview').locator('img');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/\/api\/v2\/backend\/media\/logo\//);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await page.getByTestId('colliery-save').click();
    await expectToast(page, 'Saved successfully');

    const sidebarLogo = page.getByTestId('sidebar').locator('img').first();
    await expect.poll(() => sidebarLogo.getAttribute('src')).toMatch(/\/collieryInfo\/logo\?v=/);
    await page.reload();
    await expect.poll(() => sidebarLogo.getAttribute('src')).toMatch(/\/collieryInfo\/logo\?v=/);
    await expect
      .poll(() => sidebarLogo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await form.getByLabel('Unit name').inputValue()).toBe('东方煤化集团');

    // Before anyone logs in (a fresh browser), the login page shows the new logo.
    const fresh = await newPage(session.browser, session.server.url);
    await fresh.page.goto('/login');
    const loginLogo = fresh.page.locator('img').first();
    await expect.poll(() => loginLogo.getAttribute('src')).toMatch(/\/collieryInfo\/logo\?v=/);
    await expect
      .poll(() => loginLogo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await fresh.context.close();
    await page.context().close();
  }, 120_000);

  it('reads the tree page in Chinese', async () => {
    const page = await loggedInPage();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('System settings');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('系统设置');
    await page.goto('/systemSettings/regionalSettings');
    await treeNode(page, '焦化车间').waitFor();
    const body = page.locator('main, body').first();
    await expect.poll(() => body.innerText()).toContain('区域树');
    expect(await body.innerText()).toContain('全部展开');
    await selectNode(page, '1号炉区');
    const detail = await page.getByTestId('node-detail').innerText();
    expect(detail).toContain('类型');
    expect(detail).toContain('区域');
    expect(detail).toContain('东区煤化工厂 / 焦化车间 / 1号炉区');
    await page.getByTestId('tree-search').locator('input').fill('罐区');
    await expect.poll(() => treeNode(page, '1号炉区').count()).toBe(0);
    await treeNode(page, '罐区').waitFor();
    await page.context().close();
  }, 120_000);
});
