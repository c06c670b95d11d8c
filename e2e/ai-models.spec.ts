import { AI_MODEL_API, ALGORITHM_API, type DraftItem } from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onnxModel, SMALL_PNG } from './support/model-files.ts';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, settledBox, waitForToast } from './support/ui.ts';

const PAGE_PATH = '/AIOpenPlatform/AlgorithmModelBase';
let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 250 });

async function openPage(page: Page): Promise<void> {
  await page.goto(PAGE_PATH);
  await page.getByTestId('ai-model-table').waitFor();
}

/** Records whether the upload progress bar was ever shown (the upload may be quick). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __seen?: boolean };
    w.__seen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="ai-model-progress"]')) w.__seen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

async function throttleUploads(page: Page, rate: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const set = (uploadThroughput: number) =>
    cdp
      .send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      })
      .catch(() => undefined);
  await cdp.send('Network.enable').catch(() => undefined);
  await set(rate);
  return async () => {
    await set(-1);
  };
}

describe('model base', () => {
  it('lists the demo catalogue, uploads an ONNX model with progress and refuses a disguised file (English)', async () => {
    const page = await session.loggedInPage();
    await openPage(page);
    const table = page.getByTestId('ai-model-table');
    await poll(() => table.innerText()).toContain('yolov8-helmet');
    expect(await table.innerText()).toContain('Built-in');

    await page.getByTestId('ai-model-add').click();
    const dialog = page.getByTestId('ai-model-upload');
    await dialog.getByLabel('Name').fill('e2e-gate-net');
    await dialog.getByLabel('Version').fill('1.0.0');
    // A PNG named .onnx: refused by content.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fake.onnx', mimeType: 'application/octet-stream', buffer: SMALL_PNG });
    await page.getByTestId('ai-model-upload-save').click();
    await poll(() => page.getByTestId('ai-model-upload-error').innerText()).toContain('not an ONNX model');

    // A real ONNX file (1.5 MB): task, classes and input size come from its metadata.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'gate.onnx',
      mimeType: 'application/octet-stream',
      buffer: onnxModel('e2e-gate-net', ['person', 'helmet', 'gate'], 1_500_000),
    });
    await watchProgress(page);
    const release = await throttleUploads(page, 512 * 1024);
    await page.getByTestId('ai-model-upload-save').click();
    await waitForToast(page, 'Model e2e-gate-net uploaded', 30_000);
    await release();
    expect(await page.evaluate(() => Boolean((window as unknown as { __seen?: boolean }).__seen))).toBe(true);
    await page.getByTestId('ai-model-keyword').locator('input').fill('e2e-gate');
    await page.getByTestId('ai-model-keyword').locator('input').press('Enter');
    await poll(() => table.innerText()).toContain('person, helmet, gate');
    await page.getByTestId('ai-model-e2e-gate-net-open').click();
    await poll(() => page.getByTestId('ai-model-sha').innerText()).toMatch(/^[0-9a-f]{64}$/);
    await page.keyboard.press('Escape');
    await page.context().close();
  }, 120_000);
});

/** What the four-step wizard test reads and types, per language. */
const WIZARD_TEXT = [
  {
    lang: 'zh-CN' as const,
    language: 'Chinese',
    name: 'E2E 跌倒检测',
    code: 'E2E-FALL',
    nameLabel: '实例名称',
    codeLabel: '实例编码',
    drawing: '正在绘制区域：3 个点',
    level: '严重',
    weekly: '按周时段',
    zones: '1 个区域',
    weekdays: '周一 周二 周三 周四 周五 08:00–18:00',
    created: '版本 1 已生效',
  },
  {
    lang: 'en' as const,
    language: 'English',
    name: 'E2E fall detection',
    code: 'E2E-FALL-EN',
    nameLabel: 'Instance name',
    codeLabel: 'Instance code',
    drawing: 'Drawing a zone: 3 point(s)',
    level: 'Serious',
    weekly: 'Weekly windows',
    zones: '1 zone(s)',
    weekdays: 'Mon Tue Wed Thu Fri 08:00–18:00',
    created: 'version 1 is live',
  },
];

describe('instance wizard', () => {
  it.each(WIZARD_TEXT)(
    'creates an instance through the four steps; a reload keeps the step; a draft continues ($language)',
    async (text) => {
      const page = await session.loggedInPage(text.lang);
      await openPage(page);
      await page.getByTestId('ai-model-fall-pose-instance').click();
      await page.getByTestId('ai-wizard-step1').waitFor();
      expect(page.url()).toContain('/createinstance1/');

      await page.getByLabel(text.nameLabel).fill(text.name);
      await page.getByLabel(text.codeLabel).fill(text.code);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: SMALL_PNG });
      await poll(() => page.url()).toMatch(/createinstance1\/\d+\/fall-pose\/[0-9a-f]{24}\.png$/);
      const svg = page.getByTestId('zone-svg');
      await svg.waitFor();
      await svg.scrollIntoViewIfNeeded();
      const box = await settledBox(svg);
      for (const [x, y] of [
        [0.2, 0.3],
        [0.7, 0.3],
        [0.5, 0.8],
      ] as const) {
        await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
      }
      expect(await page.getByTestId('zone-editor').innerText()).toContain(text.drawing);
      await page.keyboard.press('Enter');
      await page.getByTestId('zone-save').click();
      await poll(() => page.getByTestId('zone-save').isDisabled()).toBe(true);
      await page.getByTestId('ai-wizard-next').click();
      await page.getByTestId('ai-wizard-step2').waitFor();
      const id = Number(/createinstance2\/(\d+)\//.exec(page.url())?.[1]);
      expect(id).toBeGreaterThan(0);

      // Leave half-way: the draft is listed; continue brings back step 2.
      await openPage(page);
      const drafts = page.getByTestId('ai-drafts');
      await poll(() => drafts.innerText()).toContain(text.name);
      await page.getByTestId(`ai-draft-${text.code}-continue`).click();
      await page.getByTestId('ai-wizard-step2').waitFor();

      await page.getByTestId('ai-threshold-fallen').fill('0.7');
      await page.getByTestId('ai-wizard-step2').getByText(text.level, { exact: true }).click();
      await page.getByTestId('ai-wizard-next').click();
      await page.getByTestId('ai-wizard-step3').waitFor();
      // A reload keeps the step and what was saved.
      await page.reload();
      await page.getByTestId('ai-wizard-step3').waitFor();
      await page.getByTestId('ai-wizard-back').click();
      await page.getByTestId('ai-wizard-step2').waitFor();
      await poll(() => page.getByTestId('ai-threshold-fallen').inputValue()).toBe('0.70');
      await page.getByTestId('ai-wizard-next').click();
      await page.getByTestId('ai-wizard-step3').waitFor();
      await page.getByTestId('ai-wizard-step3').getByText(text.weekly).click();
      await page.getByTestId('ai-wizard-next').click();
      await page.getByTestId('ai-wizard-step4').waitFor();
      await page.reload();
      const summary = page.getByTestId('ai-wizard-summary');
      await summary.waitFor();
      const summaryText = await summary.innerText();
      expect(summaryText).toContain(text.code);
      expect(summaryText).toContain(text.zones);
      expect(summaryText).toContain('fallen ≥ 0.7');
      expect(summaryText).toContain(text.level);
      expect(summaryText).toContain(text.weekdays);
      await page.getByTestId('ai-wizard-next').click();
      await poll(() => page.getByTestId('ai-wizard-created').innerText()).toContain(text.created);

      const instance = await session.api<DraftItem>(AI_MODEL_API.draft(id));
      expect(instance).toMatchObject({ draft: false, liveVersion: 1, level: 120003, code: text.code });
      const picker = await session.api<Array<{ code: string }>>(ALGORITHM_API.all);
      expect(picker.map((a) => a.code)).toContain(text.code);
      await page.context().close();
    },
    150_000,
  );

  it('discards a draft after a confirmation (English)', async () => {
    const page = await session.loggedInPage();
    await openPage(page);
    await page.getByTestId('ai-model-forklift-zone-instance').click();
    await page.getByLabel('Instance name').fill('E2E forklift');
    await page.getByLabel('Instance code').fill('E2E-FORK');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'f.png', mimeType: 'image/png', buffer: SMALL_PNG });
    await page.getByTestId('zone-svg').waitFor();
    await page.getByTestId('ai-wizard-next').click();
    await page.getByTestId('ai-wizard-step2').waitFor();
    await openPage(page);
    await page.getByTestId('ai-draft-E2E-FORK-discard').click();
    await confirmModal(page);
    await waitForToast(page, 'Deleted successfully!');
    await poll(async () =>
      (await session.api<DraftItem[]>(AI_MODEL_API.drafts)).map((d) => d.code),
    ).not.toContain('E2E-FORK');
    await page.context().close();
  }, 120_000);
});
