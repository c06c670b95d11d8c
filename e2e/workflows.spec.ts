import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { pickOption } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

/** A Chinese browser: the whole console reads in Chinese. */
const loggedInPage = () => session.loggedInPage('zh-CN');

/** The machine is shared: give the UI time. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** Waits for a toast with this text (older toasts may still be on screen). */
async function seeToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).last().waitFor({ timeout: 15_000 });
}

const nodes = (page: Page) => page.locator('.react-flow__node');
const nodeAt = (page: Page, index: number) => page.getByTestId('flow-node').nth(index);

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags from one node's bottom handle to the next node's top handle, as a user connects them. */
async function connect(page: Page, from: number, to: number): Promise<void> {
  const source = await centre(nodes(page).nth(from).locator('.react-flow__handle.source'));
  const target = await centre(nodes(page).nth(to).locator('.react-flow__handle.target'));
  await page.mouse.move(source.x, source.y);
  await page.mouse.down();
  await page.mouse.move((source.x + target.x) / 2, (source.y + target.y) / 2, { steps: 5 });
  await page.mouse.move(target.x, target.y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Waits until "fit view" has done its work: the nodes stand centred in the canvas and hold still
 * (the view glides there for 200 ms; a drag that starts during the glide misses its handle).
 */
async function waitForFit(page: Page): Promise<void> {
  let previous = '';
  await poll(async () => {
    const [canvas, boxes] = await Promise.all([
      page.getByTestId('flow-canvas').locator('.react-flow').boundingBox(),
      nodes(page).evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return [r.left, r.top, r.right, r.bottom].map(Math.round);
        }),
      ),
    ]);
    if (!canvas || boxes.length === 0) return false;
    const [left, top] = [Math.min(...boxes.map((b) => b[0] ?? 0)), Math.min(...boxes.map((b) => b[1] ?? 0))];
    const [right, bottom] = [
      Math.max(...boxes.map((b) => b[2] ?? 0)),
      Math.max(...boxes.map((b) => b[3] ?? 0)),
    ];
    const centred =
      Math.abs((left + right) / 2 - (canvas.x + canvas.width / 2)) <= 3 &&
      Math.abs((top + bottom) / 2 - (canvas.y + canvas.height / 2)) <= 3;
    const still = JSON.stringify(boxes) === previous;
    previous = JSON.stringify(boxes);
    return centred && still;
  }).toBe(true);
}

async function fillNode(page: Page, index: number, fields: Record<string, string>): Promise<void> {
  await nodeAt(page, index).click();
  for (const [field, value] of Object.entries(fields)) {
    await page.getByTestId(`node-field-${field}`).fill(value);
  }
}

describe('flowchart creation', () => {
  it('draws, checks, undoes/redoes and saves a flowchart, and shows it after a reload', async () => {
    const page = await loggedInPage();
    await page.goto('/sceneManagement/flowSet');
    const list = page.getByTestId('workflow-list');
    await poll(() => list.innerText()).toContain('动火作业标准流程');
    expect(await list.innerText()).toContain('流程图名称');

    // Create: name and type, then the editor opens.
    await page.getByTestId('workflow-add').click();
    const form = page.getByTestId('workflow-form');
    await form.getByLabel('流程图名称').fill('吊装作业流程');
    await pickOption(page, 'workflow-form-type', '高处作业流程');
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByTestId('flow-editor').waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    expect(await page.getByTestId('editor-title').innerText()).toContain('吊装作业流程');
    expect(await page.getByTestId('editor-undo').isDisabled()).toBe(true);
    expect(await page.getByTestId('editor-redo').isDisabled()).toBe(true);

    // Start, two small nodes by click; the end node dragged from the palette onto the canvas.
    await page.getByTestId('palette-start').click();
    await page.getByTestId('palette-small').click();
    await page.getByTestId('palette-small').click();
    await poll(() => nodes(page).count()).toBe(3);
    const canvas = await page.getByTestId('flow-canvas').boundingBox();
    if (!canvas) throw new Error('no canvas');
    await page.getByTestId('palette-end').dragTo(page.getByTestId('flow-canvas'), {
      targetPosition: { x: canvas.width / 2, y: canvas.height - 60 },
    });
    await poll(() => nodes(page).count()).toBe(4);
    expect(await page.getByTestId('editor-undo').isDisabled()).toBe(false);
    await page.getByTestId('editor-fit').click();
    await waitForFit(page);

    await connect(page, 0, 1);
    await connect(page, 1, 2);
    await connect(page, 2, 3);
    await poll(() => page.locator('.react-flow__edge').count()).toBe(3);

    // Fill the steps, leaving the second one's check item empty.
    await fillNode(page, 1, { label: '气体检测', responsible: '气体检测员', checkItem: '可燃气体浓度合格' });
    await fillNode(page, 2, { label: '动火作业', responsible: '动火人' });
    expect(await page.getByTestId('node-panel').innerText()).toContain('检查项');
    await page.getByTestId('editor-save').click();
    await seeToast(page, '有未完成的节点必填信息');
    await poll(() => nodeAt(page, 2).getAttribute('data-highlighted')).toBe('true');
    expect(await nodeAt(page, 1).getAttribute('data-highlighted')).toBe('false');

    // Fill it: the highlight goes; undo and redo that change with the buttons and the keyboard.
    await page.getByTestId('node-field-checkItem').fill('监护人在场');
    await poll(() => nodeAt(page, 2).getAttribute('data-incomplete')).toBe('false');
    await page.getByTestId('editor-undo').click();
    await poll(() => nodeAt(page, 2).getAttribute('data-incomplete')).toBe('true');
    expect(await page.getByTestId('node-field-checkItem').inputValue()).toBe('');
    expect(await page.getByTestId('editor-redo').isDisabled()).toBe(false);
    await page.getByTestId('editor-redo').click();
    await poll(() => page.getByTestId('node-field-checkItem').inputValue()).toBe('监护人在场');
    expect(await page.getByTestId('editor-redo').isDisabled()).toBe(true);
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+z');
    await poll(() => nodeAt(page, 2).getAttribute('data-incomplete')).toBe('true');
    await page.keyboard.press('Control+Shift+z');
    await poll(() => nodeAt(page, 2).getAttribute('data-incomplete')).toBe('false');

    // Grid off and on again.
    expect(await page.locator('.react-flow__background').count()).toBe(1);
    await page.getByTestId('editor-grid').click();
    await poll(() => page.locator('.react-flow__background').count()).toBe(0);
    expect(await page.getByTestId('flow-canvas').getAttribute('data-grid')).toBe('off');
    await page.getByTestId('editor-grid').click();
    await poll(() => page.locator('.react-flow__background').count()).toBe(1);

    // Leaving with unsaved changes asks first.
    expect(await page.getByTestId('editor-title').innerText()).toContain('有未保存的修改');
    await page.getByTestId('editor-back').click();
    const leave = page.locator('.ant-modal', { hasText: '确定离开编辑器？' });
    await leave.waitFor();
    await leave.getByRole('button', { name: /留\s*下/ }).click();
    await page.getByTestId('flow-editor').waitFor();

    await page.getByTestId('editor-save').click();
    await seeToast(page, '保存成功');
    await poll(() => page.getByTestId('editor-title').innerText()).not.toContain('有未保存的修改');

    // After a reload the chart is as saved.
    await page.reload();
    await page.getByTestId('flow-editor').waitFor();
    await poll(() => nodes(page).count()).toBe(4);
    await poll(() => page.locator('.react-flow__edge').count()).toBe(3);
    const shapes = await page
      .getByTestId('flow-node')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-shape')));
    expect(shapes).toEqual(['start', 'small', 'small', 'end']);
    const canvasText = await page.getByTestId('flow-canvas').innerText();
    for (const text of ['开始', '气体检测', '动火作业', '结束']) expect(canvasText).toContain(text);
    await nodeAt(page, 2).click();
    expect(await page.getByTestId('node-field-checkItem').inputValue()).toBe('监护人在场');
    expect(await page.getByTestId('node-field-responsible').inputValue()).toBe('动火人');
    const toolbar = await page.getByTestId('flow-editor').locator('.flow-editor-toolbar').innerText();
    for (const text of ['返回列表', '撤销', '重做', '网格', '适应画布', '保存'])
      expect(toolbar).toContain(text);

    // Back in the list with its node count.
    await page.getByTestId('editor-back').click();
    await poll(() => list.innerText()).toContain('吊装作业流程');
    const row = page.locator('tr', { hasText: '吊装作业流程' });
    expect(await row.innerText()).toContain('高处作业流程');
    await page.context().close();
  }, 180_000);

  it('shows the same workflow types table on both routes in Chinese', async () => {
    const page = await loggedInPage();
    await page.goto('/knowledgeBase/workflowType');
    const table = page.getByTestId('workflow-types');
    await poll(() => table.innerText()).toContain('受限空间作业流程');
    expect(await table.innerText()).toContain('类型名称');
    await page.getByTestId('workflow-type-add').click();
    await page.getByLabel('类型名称', { exact: true }).fill('吊装作业类型');
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await poll(() => table.innerText()).toContain('吊装作业类型');
    await page.goto('/sceneManagement/sceneWorkflowType');
    await poll(() => page.getByTestId('workflow-types').innerText()).toContain('吊装作业类型');
    await page.context().close();
  }, 90_000);
});
