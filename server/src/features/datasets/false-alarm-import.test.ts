import { DATASET_API } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { falseAlarmRecord, videoAlarm } from '../../db/schema/index.ts';
import { storeImage } from '../../platform/media.ts';
import { backends, body } from '../../test/helpers.ts';
import { image, useDatasetApp } from './test-support.ts';

describe.each(backends)('dataset import of false-alarm records on %s', (backend) => {
  const { t, state, call, create, row, items } = useDatasetApp(backend);

  it('imports accepted records as negatives and relabelled ones with labels, same instance only, once', async () => {
    const d = await create('from-false-alarms', state.helmet);
    const record = async (state: string, algorithmId: number, shade: number, labels: unknown[] = []) => {
      const frame = await storeImage(t.app, {
        buffer: await image(shade),
        subdir: 'falseAlarm',
        keepOriginal: true,
      });
      const [alarm] = await t.app.db
        .insert(videoAlarm)
        .values({ alarmTime: new Date(), priority: 120001 } as typeof videoAlarm.$inferInsert)
        .returning({ id: videoAlarm.id });
      const [row] = await t.app.db
        .insert(falseAlarmRecord)
        .values({
          alarmId: alarm?.id ?? 0,
          alarmTime: new Date(),
          algorithmId,
          frame: frame.path,
          frameWidth: 64,
          frameHeight: 48,
          state,
          labels: labels as never,
        })
        .returning({ id: falseAlarmRecord.id });
      return row?.id ?? 0;
    };
    await record('accepted', state.helmet, 50);
    const relabelled = await record('relabelled', state.helmet, 51, [
      { cls: 'head', box: [0.1, 0.2, 0.3, 0.4] },
    ]);
    const pending = await record('pending', state.helmet, 52);
    await record('dropped', state.helmet, 53);
    const other = await record('accepted', state.smoke, 54);

    const preview = await call('GET', DATASET_API.falseAlarms(d.id));
    expect(body(preview).data).toEqual({ negatives: 1, relabelled: 1, alreadyImported: 0 });
    const mixed = await call(
      'POST',
      DATASET_API.falseAlarms(d.id),
      { recordIds: [relabelled, other] },
      state.admin,
      'zh-CN',
    );
    expect(mixed.statusCode).toBe(400);
    expect(body(mixed).message).toBe('批量再训练仅限同一算法实例：所选记录属于其他实例');
    const onlyPending = await call('POST', DATASET_API.falseAlarms(d.id), { recordIds: [pending] });
    expect(body(onlyPending).data).toEqual({ negatives: 0, relabelled: 0, skipped: 0 });
    const done = await call('POST', DATASET_API.falseAlarms(d.id), {});
    expect(body(done).data).toEqual({ negatives: 1, relabelled: 1, skipped: 0 });
    const list = await items(d.id, { source: 'false_alarm' });
    expect(list.list.map((i) => i.labels).sort((a, b) => a.length - b.length)).toEqual([
      [],
      [{ cls: 'head', box: [0.1, 0.2, 0.3, 0.4] }],
    ]);
    expect(await row(d.id)).toMatchObject({ images: 2, negatives: 1, boxes: { head: 1 }, classes: ['head'] });
    // Nothing twice.
    expect(body(await call('GET', DATASET_API.falseAlarms(d.id))).data).toEqual({
      negatives: 0,
      relabelled: 0,
      alreadyImported: 2,
    });
    expect(body(await call('POST', DATASET_API.falseAlarms(d.id), {})).data).toEqual({
      negatives: 0,
      relabelled: 0,
      skipped: 2,
    });
    const none = await create('no-instance', null);
    expect(body(await call('GET', DATASET_API.falseAlarms(none.id))).message).toBe(
      'Choose the algorithm instance this dataset trains first',
    );
  });
});
