import {
  ALARM_API,
  FALSE_ALARM_REVIEW_API,
  type FalseAlarmRateResult,
  type FalseAlarmRecordItem,
  type FalseAlarmRecordList,
} from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, naturalWidth, settledBox, waitForToast } from './support/ui.ts';

let session: Session;
let key = '';
let refs: { cameraId: number; algorithmId: number };
let frame: Buffer;
const engineBoxes = [{ cls: 'person', confidence: 0.91, box: [0.3, 0.2, 0.2, 0.5] }];

/** Reports an alarm with the engine's boxes, `secondsAgo` before now; answers its id. */
const report = (secondsAgo: number) =>
  ingestAlarm(
    session.server.url,
    key,
    {
      cameraId: refs.cameraId,
      algorithmId: refs.algorithmId,
      priority: '120002',
      eventId: uniqueEventId('e2e-fa-review'),
      alarmTime: new Date(Date.now() - secondsAgo * 1000).toISOString(),
      alarmResult: 'E2E review',
      detections: JSON.stringify(engineBoxes),
    },
    { image: frame },
  );
const markByApi = (id: number) => session.api(ALARM_API.cancel(id), { method: 'POST', body: {} });
const recordOf = async (alarmId: number) => {
  const list = await session.api<FalseAlarmRecordList>(FALSE_ALARM_REVIEW_API.list, {
    method: 'POST',
    body: { page: 1, limit: 20 },
  });
  const found = list.list.find((r) => r.alarmId === alarmId);
  if (!found) throw new Error(`no record for alarm ${alarmId}`);
  return found;
};
const review = (page: Page) => page.getByTestId('false-alarm-review');
const recordIdShown = (page: Page) => review(page).getAttribute('data-record-id');

beforeAll(async () => {
  session = await startSession();
  key = await createEngineKey(session.api, 'e2e-false-alarm-review');
  refs = await demoRefs(session.api);
  frame = await solidImage('#3d6b8c', { width: 640, height: 360, format: 'jpeg' });
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

describe('false alarm review', () => {
  it('marks a false positive in History alarms, then reviews records from the keyboard (English)', async () => {
    const first = await report(1);
    const second = await report(2);
    const third = await report(3);
    const page = await session.loggedInPage();

    // Triage marks the first one false positive in History alarms.
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId(`alarm-row-${first}`).waitFor();
    await page.getByTestId(`alarm-${first}-cancel`).click();
    await confirmModal(page);
    await waitForToast(page, 'Marked successfully');
    await markByApi(second);
    await markByApi(third);
    const [r1, r2, r3] = [await recordOf(first), await recordOf(second), await recordOf(third)];

    await page.goto('/AIOpenPlatform/FalseAlarmRecord');
    await page.getByTestId(`false-alarm-row-${first}`).waitFor();
    expect(await page.getByTestId(`false-alarm-row-${first}`).innerText()).toContain('Pending');
    await page.getByTestId(`false-alarm-${first}-review`).click();

    // The frame with the engine's box pre-drawn (class + confidence), and the key hints.
    await expect.poll(() => recordIdShown(page)).toBe(String(r1.id));
    const box = review(page).getByTestId('frame-box-0');
    await box.waitFor();
    expect(await box.innerText()).toBe('person 0.91');
    await expect.poll(() => naturalWidth(review(page).locator('img').first())).toBe(640);
    const hints = await page.getByTestId('false-alarm-review-hints').innerText();
    for (const hint of ['Accept', 'Relabel', 'Drop', 'Next', 'Previous']) expect(hints).toContain(hint);

    // 2 = background object, A = accept: saved, then the next pending record.
    await page.keyboard.press('2');
    await expect
      .poll(() => review(page).getByRole('radio', { name: 'Background object' }).isChecked())
      .toBe(true);
    await page.keyboard.press('a');
    await waitForToast(page, 'Review saved');
    await expect.poll(() => recordIdShown(page)).toBe(String(r2.id));

    // R = relabel: the engine's box comes pre-filled; select it, Delete, draw a new one, S saves.
    await page.keyboard.press('r');
    const boxes = review(page).getByTestId('frame-boxes');
    await expect.poll(() => boxes.getAttribute('data-editable')).toBe('true');
    await boxes.getByTestId('frame-box-0').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => boxes.getByTestId('frame-box-0').count()).toBe(0);
    const area = await settledBox(boxes);
    await page.mouse.move(area.x + area.width * 0.1, area.y + area.height * 0.1);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.3, { steps: 5 });
    await page.mouse.move(area.x + area.width * 0.4, area.y + area.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await boxes.getByTestId('frame-box-0').waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('s');
    await waitForToast(page, 'Review saved');
    await expect.poll(() => recordIdShown(page)).toBe(String(r3.id));
    const relabelled = await session.api<FalseAlarmRecordItem>(FALSE_ALARM_REVIEW_API.one(r2.id));
    expect(relabelled).toMatchObject({ state: 'relabelled', reason: 'wrongClass' });
    expect(relabelled.labels).toHaveLength(1);
    const [x, y, w, h] = relabelled.labels[0]?.box ?? [];
    expect([x, y, w, h].map((v) => Math.round((v ?? 0) * 10) / 10)).toEqual([0.1, 0.1, 0.3, 0.4]);

    // D = drop; N / → moves on, P / ← comes back (the dropped record as it is now).
    await page.keyboard.press('d');
    await waitForToast(page, 'Review saved');
    await expect
      .poll(async () => (await session.api<FalseAlarmRecordItem>(FALSE_ALARM_REVIEW_API.one(r3.id))).state)
      .toBe('dropped');
    // the view moves on by itself to the next pending record
    await expect.poll(() => recordIdShown(page)).not.toBe(String(r3.id));
    const position = page.getByTestId('false-alarm-review-position');
    const after = await recordIdShown(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => recordIdShown(page)).not.toBe(after);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => recordIdShown(page)).toBe(after);
    expect(await position.innerText()).toMatch(/^\d+ of \d+$/);
    await page.keyboard.press('p');
    await expect.poll(() => recordIdShown(page)).toBe(String(r3.id));
    await expect.poll(() => review(page).getByTestId('false-alarm-state').innerText()).toBe('Dropped');

    await page.keyboard.press('Escape');
    await review(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId(`false-alarm-row-${first}`).innerText()).toContain('Accepted');
    expect(await page.getByTestId(`false-alarm-row-${second}`).innerText()).toContain('Relabelled');
    expect(await page.getByTestId(`false-alarm-row-${third}`).innerText()).toContain('Dropped');

    // The false-positive rate tab: the algorithm's figures as the server computes them.
    const rates = await session.api<FalseAlarmRateResult>(FALSE_ALARM_REVIEW_API.rate, {
      method: 'POST',
      body: {},
    });
    const mine = rates.algorithms.find((a) => a.algorithmId === refs.algorithmId);
    if (!mine) throw new Error('no rate row');
    await page.getByRole('tab', { name: 'False-positive rate' }).click();
    const row = page.getByTestId(`false-alarm-rate-a${refs.algorithmId}`);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(mine.algorithmName);
    expect(text).toContain(`${(mine.rate * 100).toFixed(1)}%`);
    await page.context().close();
  }, 180_000);

  it('marks a false positive and reviews in Chinese: hints, reasons and the rate tab', async () => {
    const alarm = await report(0);
    const page = await session.loggedInPage('zh-CN');
    // Triage marks it false positive in the Chinese History alarms page.
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId(`alarm-row-${alarm}`).waitFor();
    await page.getByTestId(`alarm-${alarm}-cancel`).click();
    await confirmModal(page);
    await waitForToast(page, '标记成功');
    const record = await recordOf(alarm);
    expect(record).toMatchObject({ state: 'pending', detections: engineBoxes });
    await page.goto('/AIOpenPlatform/FalseAlarmRecord');
    await page.getByTestId(`false-alarm-row-${alarm}`).waitFor();
    expect(await page.getByTestId(`false-alarm-row-${alarm}`).innerText()).toContain('待审核');
    await page.getByTestId(`false-alarm-${alarm}-review`).click();
    await expect.poll(() => recordIdShown(page)).toBe(String(record.id));
    const hints = await page.getByTestId('false-alarm-review-hints').innerText();
    expect(hints).toContain('确认（确为误报）');
    expect(hints).toContain('重新标注');
    expect(await review(page).innerText()).toContain('反光 / 光照');
    await page.keyboard.press('3');
    await page.keyboard.press('a');
    await waitForToast(page, '审核已保存');
    await expect
      .poll(
        async () => (await session.api<FalseAlarmRecordItem>(FALSE_ALARM_REVIEW_API.one(record.id))).reason,
      )
      .toBe('lighting');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '误报率' }).click();
    await page.getByTestId(`false-alarm-rate-a${refs.algorithmId}`).waitFor();
    expect(await page.getByTestId('false-alarm-rate').innerText()).toContain('误报数');
    await page.context().close();
  }, 180_000);
});
