import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { naturalWidth } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const PATH = '/knowledgeBase/applicationSpecific/fillAlignment/craneTube';

const LANGS = [
  {
    lang: 'en-US',
    title: 'Crane tube alignment',
    param: 'Alignment tolerance',
    step: 'Draw the target centreline',
    correct: 'Correct',
    required: 'This cannot be empty',
  },
  {
    lang: 'zh-CN',
    title: '吊管对中',
    param: '对中容差',
    step: '绘制目标中心线',
    correct: '正确',
    required: '此项不能为空!',
  },
];

/** The page with its article, pictures loaded. */
async function openArticle(page: Page) {
  await page.goto(PATH);
  await page.getByTestId('knowledge-title').waitFor();
}

describe('knowledge base: crane tube alignment', () => {
  it.each(LANGS)(
    'shows the procedure, parameters and reference images, and an admin edits the title ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      await openArticle(page);
      expect(await page.getByTestId('knowledge-title').innerText()).toContain(l.title);
      const steps = page.getByTestId('knowledge-steps').first().locator('li');
      expect(await steps.count()).toBeGreaterThan(1);
      expect(await page.getByTestId('knowledge-body').innerText()).toContain(l.step);
      expect(await page.getByTestId('knowledge-params').innerText()).toContain(l.param);
      const images = page.getByTestId('knowledge-image');
      await expect.poll(() => images.count()).toBeGreaterThanOrEqual(3);
      const first = images.first();
      expect(await first.innerText()).toContain(l.correct);
      await expect.poll(() => naturalWidth(first.locator('img'))).toBeGreaterThan(0);

      // Edit: an empty title in the other language is refused on its field; then a new title is saved.
      await page.getByTestId('knowledge-edit').click();
      const drawer = page.getByTestId('knowledge-article-drawer');
      const own = l.lang === 'en-US' ? 'en' : 'zh';
      const other = own === 'en' ? 'zh' : 'en';
      const otherTitle = drawer.getByTestId(`knowledge-title-${other}`);
      const kept = await otherTitle.inputValue();
      await otherTitle.fill('');
      await page.getByTestId('knowledge-article-save').click();
      await drawer.getByText(l.required).first().waitFor();
      await otherTitle.fill(kept);
      const newTitle = `${l.title} · ${own.toUpperCase()}-${Date.now() % 10_000}`;
      await drawer.getByTestId(`knowledge-title-${own}`).fill(newTitle);
      await page.getByTestId('knowledge-article-save').click();
      await expect.poll(() => page.getByTestId('knowledge-title').innerText()).toBe(newTitle);
      await page.reload();
      await expect.poll(() => page.getByTestId('knowledge-title').innerText()).toBe(newTitle);
      await page.context().close();
    },
    120_000,
  );

  it('adds a reference image and deletes it after confirming (Chinese)', async () => {
    const page = await session.loggedInPage('zh-CN');
    await openArticle(page);
    const images = page.getByTestId('knowledge-image');
    await expect.poll(() => images.count()).toBeGreaterThanOrEqual(3);
    const before = await images.count();

    await page.getByTestId('knowledge-image-add').click();
    await page.getByTestId('knowledge-image-caption-en').fill('Sling too short on one side');
    await page.getByTestId('knowledge-image-caption-zh').fill('一侧吊索过短');
    await page.getByTestId('knowledge-image-kind').getByText('错误').click();
    await page
      .locator('.ant-modal input[type="file"]')
      .setInputFiles({ name: 'sling.png', mimeType: 'image/png', buffer: await solidImage('#c0392b') });
    await page.getByTestId('knowledge-image-chosen').waitFor();
    await page.getByTestId('knowledge-image-save').click();
    await expect.poll(() => images.count()).toBe(before + 1);
    const added = images.last();
    expect(await added.innerText()).toContain('一侧吊索过短');
    expect(await added.getAttribute('data-kind')).toBe('incorrect');
    await expect.poll(() => naturalWidth(added.locator('img'))).toBeGreaterThan(0);

    // Delete asks first; confirming removes it.
    await added.locator('[data-testid^="knowledge-image-delete-"]').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => images.count()).toBe(before);
    await page.context().close();
  }, 120_000);
});
