import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { type Session, startSession } from './support/session.ts';
import { rowWithCell, settledBox, waitForToast } from './support/ui.ts';
import { throttleUploads, watchFor } from './support/uploads.ts';

const PAGE_PATH = '/AIOpenPlatform/trainingDataset';
let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 250 });

/** Noisy images (so the zip is large enough for the progress bar to show while throttled). */
async function noisyJpeg(seed: number): Promise<Buffer> {
  const width = 160;
  const height = 120;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 9973 + 1;
  for (let i = 0; i < raw.length; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    raw[i] = state % 256;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A YOLO zip: three images, two labelled (helmet, head), one negative. */
async function yoloZip(seed: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('helmet\nhead\n'), 'classes.txt');
  for (let i = 0; i < 3; i += 1)
    zip.addBuffer(await noisyJpeg(seed + i), `images/img${i}.jpg`, { compress: false });
  zip.addBuffer(Buffer.from('0 0.5 0.5 0.4 0.4\n'), 'labels/img0.txt');
  zip.addBuffer(Buffer.from('1 0.3 0.3 0.2 0.2\n0 0.7 0.7 0.2 0.2\n'), 'labels/img1.txt');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const LANGS = [
  {
    lang: 'en-US',
    name: 'E2E helmets',
    add: 'Add dataset',
    added: 'Added',
    saved: 'Saved successfully',
    frozen: 'Version frozen',
    negatives: 'negatives +1',
    versionsTab: 'Frozen versions',
  },
  {
    lang: 'zh-CN',
    name: 'E2E 安全帽',
    add: '新增数据集',
    added: '已添加',
    saved: '保存成功',
    frozen: '版本已冻结',
    negatives: '负样本 +1',
    versionsTab: '冻结版本',
  },
];

describe('training datasets', () => {
  it.each(LANGS)(
    'creates a dataset, imports a zip with progress, shows labels, edits them and freezes a version ($lang)',
    async (l) => {
      // A retry must not meet the dataset its failed try created (names are unique).
      const name = `${l.name} ${Date.now() % 100_000}`;
      const page = await session.loggedInPage(l.lang);
      await page.goto(PAGE_PATH);
      await page.getByTestId('dataset-page').waitFor();
      expect(await page.getByTestId('dataset-add').innerText()).toContain(l.add);

      // Create.
      await page.getByTestId('dataset-add').click();
      await page.locator('#dataset_name').fill(name);
      await page.getByTestId('dataset-save').click();
      await waitForToast(page, l.saved);
      const row = rowWithCell(page, '[data-testid="dataset-table"] tr', name);
      await row.waitFor();
      await row.getByRole('button', { name }).click();
      const view = page.getByTestId('dataset-view');
      await view.waitFor();

      // Zip import with the upload's progress, then the report.
      await page.getByTestId('dataset-import-zip').click();
      const seenProgress = await watchFor(page, 'dataset-zip-progress');
      const throttle = await throttleUploads(page, 24 * 1024);
      const zip = await yoloZip(l.lang === 'en-US' ? 1 : 100);
      await page
        .locator('[data-testid="dataset-zip-input"] input[type="file"], .ant-upload input[type="file"]')
        .last()
        .setInputFiles({ name: 'helmets.zip', mimeType: 'application/zip', buffer: zip });
      const report = page.getByTestId('dataset-zip-report');
      await report.waitFor({ timeout: 60_000 });
      await throttle(-1);
      expect(await seenProgress()).toBe(true);
      expect(await report.innerText()).toContain(l.added);
      expect(await page.getByTestId('dataset-report-added').innerText()).toBe('3');
      await page.keyboard.press('Escape');
      await poll(() => report.count()).toBe(0);

      // The grid: three images; hovering a labelled one draws its boxes.
      const cards = view.locator('[data-testid^="dataset-item-"]');
      await poll(() => cards.count()).toBe(3);
      const labelled = cards.filter({ hasText: /2/ }).first();
      await labelled.hover();
      await poll(() => labelled.getByTestId('dataset-box').count()).toBe(2);

      // Open it: the editor shows its two boxes; draw a third and save.
      await labelled.click();
      const surface = page.getByTestId('dataset-editor-image');
      await surface.waitFor();
      await poll(() => surface.getByTestId('dataset-box').count()).toBe(2);
      const image = surface.locator('img');
      await poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);
      // The dialog opens with a zoom: draw once it has settled.
      const box = await settledBox(surface);
      await page.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.05);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.25, { steps: 5 });
      await page.mouse.up();
      await poll(() => surface.getByTestId('dataset-box').count()).toBe(3);
      await page.getByTestId('dataset-save-labels').click();
      await waitForToast(page, l.saved);
      await poll(() => surface.count()).toBe(0);

      // Freeze: version 1 with its counts and what it added.
      await page.getByTestId('dataset-freeze').click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await waitForToast(page, l.frozen);
      const versions = page.getByTestId('dataset-versions');
      await versions.waitFor();
      expect(await view.locator('.ant-tabs-tab-active').innerText()).toBe(l.versionsTab);
      const diff = page.getByTestId('dataset-version-diff-1');
      await poll(() => diff.innerText()).toContain('helmet +2');
      expect(await diff.innerText()).toContain('head +1');
      expect(await diff.innerText()).toContain(l.negatives);
      expect(await versions.innerText()).toContain('v1');
      await page.context().close();
    },
  );
});
