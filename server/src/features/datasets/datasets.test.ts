import { existsSync } from 'node:fs';
import { DATASET_API, type DatasetItem, type DatasetRow, type DatasetVersion } from '@sentinel/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, body } from '../../test/helpers.ts';
import { versionImageStream, versionSummary } from './service.ts';
import { image, rawZip, useDatasetApp, zipOf } from './test-support.ts';

describe.each(backends)('training datasets on %s', (backend) => {
  const { t, state, call, upload, create, row, items, report } = useDatasetApp(backend);

  it('creates, lists, edits and deletes a dataset; names are unique; unknown ids are 404', async () => {
    const d = await create('helmets-a', state.helmet, ['helmet']);
    expect(d).toMatchObject({
      algorithmName: '未戴安全帽',
      images: 0,
      negatives: 0,
      versions: 0,
      classes: ['helmet'],
    });
    const dup = await call('POST', DATASET_API.create, { name: 'helmets-a', algorithmId: null });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('A dataset with this name already exists');
    const bad = await call('POST', DATASET_API.create, { name: 'x', algorithmId: 999_999 });
    expect(bad.statusCode).toBe(400);
    const edit = await call('PUT', DATASET_API.one(d.id), {
      name: 'helmets-b',
      algorithmId: state.helmet,
      classes: ['helmet', 'head'],
    });
    expect(body<DatasetRow>(edit).data.classes).toEqual(['helmet', 'head']);
    expect((await call('POST', DATASET_API.items(999_999), { page: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', DATASET_API.one(d.id))).statusCode).toBe(200);
    expect((await call('DELETE', DATASET_API.one(d.id))).statusCode).toBe(404);
    // An operator sees no dataset page.
    expect((await call('POST', DATASET_API.create, { name: 'nope' }, state.viewer)).statusCode).toBe(403);
  });

  it('adds single images checked by content, edits labels, removes from the working set', async () => {
    const d = await create('single');
    const jpg = await upload(DATASET_API.image(d.id), await image(1), 'a.jpg');
    expect(jpg.statusCode).toBe(200);
    const item = body<DatasetItem>(jpg).data;
    expect(item).toMatchObject({ width: 64, height: 48, labels: [], source: 'upload' });
    expect(
      (await t.app.inject({ method: 'GET', url: item.url, headers: { token: state.admin } })).statusCode,
    ).toBe(200);
    // A PNG named .jpg is a PNG; text named .jpg is refused; the same image twice is refused.
    expect((await upload(DATASET_API.image(d.id), await image(2, 'png'), 'b.jpg')).statusCode).toBe(200);
    const text = await upload(
      DATASET_API.image(d.id),
      Buffer.from('not an image at all'),
      'c.jpg',
      state.admin,
      'zh-CN',
    );
    expect(text.statusCode).toBe(400);
    const forged = Buffer.concat([(await image(3)).subarray(0, 200)]);
    expect((await upload(DATASET_API.image(d.id), forged, 'cut.jpg')).statusCode).toBe(400);
    const again = await upload(DATASET_API.image(d.id), await image(1), 'again.jpg');
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This image is already in the dataset');
    const big = await image(4, 'png', 800, 800).then(async () => sharpNoise(900, 900));
    expect((await upload(DATASET_API.image(d.id), big, 'big.png')).statusCode).toBe(413);

    const labelled = await call('PUT', DATASET_API.item(d.id, item.id), {
      labels: [{ cls: 'helmet', box: [0.1, 0.1, 0.5, 0.5] }],
    });
    expect(labelled.statusCode).toBe(200);
    const badBox = await call('PUT', DATASET_API.item(d.id, item.id), {
      labels: [{ cls: 'x', box: [0, 0, 2, 1] }],
    });
    expect(badBox.statusCode).toBe(400);
    expect(await row(d.id)).toMatchObject({
      images: 2,
      negatives: 1,
      boxes: { helmet: 1 },
      classes: ['helmet'],
    });
    expect((await items(d.id, { cls: 'helmet' })).count).toBe(1);
    expect((await items(d.id, { negatives: true })).count).toBe(1);
    expect((await call('DELETE', DATASET_API.item(d.id, item.id))).statusCode).toBe(200);
    expect((await call('DELETE', DATASET_API.item(d.id, item.id))).statusCode).toBe(404);
    expect(await row(d.id)).toMatchObject({ images: 1, negatives: 1, boxes: {} });
  });

  it('imports a YOLO zip with data.yaml, skips duplicates and reports refused entries', async () => {
    const d = await create('yolo-in');
    const zip = await zipOf({
      'data.yaml': 'names:\n  - helmet\n  - head\n',
      'images/train/a.jpg': await image(10),
      'images/train/b.png': await image(11, 'png'),
      'images/train/c.jpg': await image(12),
      'images/train/dup.jpg': await image(10),
      'images/train/fake.jpg': Buffer.from('text pretending to be a jpeg'),
      'images/train/bad.jpg': await image(13),
      'labels/train/a.txt': '0 0.5 0.5 0.2 0.4\n1 0.25 0.25 0.1 0.1\n',
      'labels/train/b.txt': '1 0.5 0.5 1 1\n',
      'labels/train/bad.txt': '7 0.5 0.5 0.1 0.1\n',
      'README.md': 'hello',
    });
    const res = await upload(DATASET_API.importZip(d.id), zip, 'set.zip');
    expect(res.statusCode).toBe(200);
    const r = report(res);
    expect(r).toMatchObject({ format: 'yolo', added: 3, duplicates: 1, newClasses: ['helmet', 'head'] });
    expect(r.refused).toEqual(
      expect.arrayContaining([
        { entry: 'images/train/fake.jpg', reason: 'dataset.notImage' },
        { entry: 'images/train/bad.jpg', reason: 'dataset.badLabel' },
        { entry: 'README.md', reason: 'dataset.unusedFile' },
      ]),
    );
    expect(await row(d.id)).toMatchObject({ images: 3, negatives: 1, boxes: { helmet: 1, head: 2 } });
    const a = (await items(d.id, { cls: 'helmet' })).list[0];
    expect(a?.labels[0]?.box).toEqual([0.4, 0.3, 0.2, 0.4]);
    // With a progress key, the caller can read how far it went (only its own import).
    const key = 'progress-key-1';
    await upload(`${DATASET_API.importZip(d.id)}?progress=${key}`, zip, 'set.zip');
    const progress = await call('GET', `${DATASET_API.importProgress(d.id)}?progress=${key}`);
    expect(body(progress).data).toEqual({ done: 6, total: 6, finished: true });
    expect((await call('GET', `${DATASET_API.importProgress(d.id)}?progress=other-key-2`)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${DATASET_API.importProgress(d.id)}?progress=../../x`)).statusCode).toBe(400);
    // The same zip again: everything is a duplicate.
    expect(report(await upload(DATASET_API.importZip(d.id), zip, 'set.zip'))).toMatchObject({
      added: 0,
      duplicates: 4,
    });
    const one = await call('GET', DATASET_API.one(d.id));
    expect(body(one).data).toMatchObject({ id: d.id, name: 'yolo-in', images: 3 });
    expect((await call('GET', DATASET_API.one(999_999))).statusCode).toBe(404);
  });

  it('imports a COCO zip (pixel boxes) and round-trips exports in both formats', async () => {
    const d = await create('coco-in', state.helmet, ['helmet']);
    const coco = {
      images: [
        { id: 1, file_name: 'one.jpg', width: 64, height: 48 },
        { id: 2, file_name: 'two.jpg', width: 64, height: 48 },
      ],
      annotations: [{ id: 1, image_id: 1, category_id: 3, bbox: [16, 12, 32, 24] }],
      categories: [{ id: 3, name: 'helmet' }],
    };
    const res = await upload(
      DATASET_API.importZip(d.id),
      await zipOf({
        'annotations.json': JSON.stringify(coco),
        'images/one.jpg': await image(20),
        'images/two.jpg': await image(21),
      }),
      'coco.zip',
    );
    expect(report(res)).toMatchObject({ format: 'coco', added: 2, duplicates: 0, refused: [] });
    expect((await items(d.id, { cls: 'helmet' })).list[0]?.labels).toEqual([
      { cls: 'helmet', box: [0.25, 0.25, 0.5, 0.5] },
    ]);
    const original = await items(d.id);
    for (const format of ['yolo', 'coco'] as const) {
      const exported = await t.app.inject({
        method: 'GET',
        url: `${DATASET_API.exportZip(d.id)}?format=${format}`,
        headers: { token: state.admin },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toBe('application/zip');
      const copy = await create(`round-${format}`);
      const back = report(await upload(DATASET_API.importZip(copy.id), exported.rawPayload, 'x.zip'));
      expect(back).toMatchObject({ format, added: 2, refused: [] });
      const copied = await items(copy.id);
      const labelsOf = (list: DatasetItem[]) => list.map((i) => i.labels).sort((x, y) => x.length - y.length);
      expect(labelsOf(copied.list)).toEqual(labelsOf(original.list));
    }
  });

  it('refuses zip bombs, unsafe paths, too many entries, an oversize upload and a non-zip', async () => {
    const d = await create('hostile');
    const bomb = await upload(
      DATASET_API.importZip(d.id),
      await zipOf({ 'images/z.jpg': Buffer.alloc(1_400_000) }),
      'b.zip',
    );
    expect(bomb.statusCode).toBe(400);
    expect(body(bomb).message).toBe(
      'The zip file unpacks to far more than its size (a zip bomb) and was refused',
    );
    const noise = () => Buffer.from(Array.from({ length: 700_000 }, () => Math.floor(Math.random() * 256)));
    const total = await upload(
      DATASET_API.importZip(d.id),
      await zipOf({ 'a.bin': noise(), 'b.bin': noise(), 'c.bin': noise() }, false),
      't.zip',
      state.admin,
      'zh-CN',
    );
    expect(total.statusCode).toBe(400);
    expect(body(total).message).toBe('压缩包解压后体积异常（疑似压缩炸弹），已拒绝');
    const jpg = await image(30);
    for (const name of ['../x.jpg', 'images/../../x.jpg', '/etc/x.jpg']) {
      const res = await upload(DATASET_API.importZip(d.id), rawZip([{ name, data: jpg }]), 'slip.zip');
      expect(res.statusCode, name).toBe(400);
      expect(body(res).message).toMatch(/unsafe path/);
    }
    const link = rawZip([{ name: 'images/l.jpg', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    expect(body(await upload(DATASET_API.importZip(d.id), link, 'l.zip')).message).toMatch(/unsafe path/);
    const many = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`n${i}.txt`, 'x']));
    const tooMany = await upload(DATASET_API.importZip(d.id), await zipOf(many), 'm.zip');
    expect(body(tooMany).message).toBe('The zip file has too many entries');
    const oversize = await upload(
      DATASET_API.importZip(d.id),
      Buffer.concat([await zipOf({ 'a.txt': 'x' }), Buffer.alloc(3_100_000)]),
      'o.zip',
    );
    expect(oversize.statusCode).toBe(413);
    const notZip = await upload(DATASET_API.importZip(d.id), jpg, 'photo.zip');
    expect(body(notZip).message).toBe('Only a zip file can be imported');
    expect(await row(d.id)).toMatchObject({ images: 0 });
  });

  it('freezes versions that never change, with counts and differences', async () => {
    const d = await create('versions');
    expect((await call('POST', DATASET_API.versions(d.id), {})).statusCode).toBe(409);
    const a = body<DatasetItem>(await upload(DATASET_API.image(d.id), await image(40), 'a.jpg')).data;
    const b = body<DatasetItem>(await upload(DATASET_API.image(d.id), await image(41), 'b.jpg')).data;
    await call('PUT', DATASET_API.item(d.id, a.id), { labels: [{ cls: 'smoke', box: [0, 0, 0.5, 0.5] }] });
    const v1 = await call('POST', DATASET_API.versions(d.id), { note: 'first' });
    expect(body<DatasetVersion>(v1).data).toMatchObject({
      number: 1,
      itemCount: 2,
      negatives: 1,
      classCounts: { smoke: 1 },
      diff: { added: { smoke: 1 }, negativesAdded: 1 },
    });
    // The working set changes; version 1 does not.
    await call('DELETE', DATASET_API.item(d.id, b.id));
    await call('PUT', DATASET_API.item(d.id, a.id), { labels: [{ cls: 'fire', box: [0, 0, 0.2, 0.2] }] });
    await upload(DATASET_API.image(d.id), await image(42), 'c.jpg');
    const v2 = body<DatasetVersion>(await call('POST', DATASET_API.versions(d.id), {})).data;
    expect(v2).toMatchObject({
      number: 2,
      itemCount: 2,
      negatives: 1,
      classCounts: { fire: 1 },
      diff: { added: { fire: 1 }, removed: { smoke: 1 }, negativesAdded: 1, negativesRemoved: 1 },
    });
    const list = body<DatasetVersion[]>(await call('GET', DATASET_API.versions(d.id))).data;
    expect(list.map((v) => [v.number, v.itemCount, v.classCounts])).toEqual([
      [2, 2, { fire: 1 }],
      [1, 2, { smoke: 1 }],
    ]);
    const summary = await versionSummary(t.app.db, list[1]?.id ?? 0);
    expect(summary).toMatchObject({ number: 1, itemCount: 2, negatives: 1, imagesPerClass: { smoke: 1 } });
    // What a trainer reads: the version's images on disk with their frozen labels.
    const streamed = [];
    for await (const frozen of versionImageStream(t.app, list[1]?.id ?? 0)) streamed.push(frozen);
    expect(streamed.map((i) => i.labels.map((l) => l.cls))).toEqual([['smoke'], []]);
    expect(streamed.every((i) => existsSync(i.file))).toBe(true);
    const v1zip = await t.app.inject({
      method: 'GET',
      url: `${DATASET_API.exportZip(d.id)}?version=1`,
      headers: { token: state.admin },
    });
    const copy = await create('v1-copy');
    expect(report(await upload(DATASET_API.importZip(copy.id), v1zip.rawPayload, 'v1.zip'))).toMatchObject({
      added: 2,
    });
    expect(await row(copy.id)).toMatchObject({ images: 2, boxes: { smoke: 1 } });
    expect((await call('GET', `${DATASET_API.exportZip(d.id)}?version=9`)).statusCode).toBe(404);
    // Not even SQL changes a frozen version: the database refuses (migration 0017).
    const refused = async (statement: ReturnType<typeof sql>) =>
      t.app.db.execute(statement).then(
        () => 'updated',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refused(sql`update dataset_version set item_count = 99 where id = ${list[1]?.id ?? 0}`),
    ).toMatch(/immutable/);
    expect(
      await refused(
        sql`update dataset_version_item set labels = '[]'::jsonb where version_id = ${list[1]?.id ?? 0}`,
      ),
    ).toMatch(/immutable/);
    // A dataset with frozen versions stays.
    const del = await call('DELETE', DATASET_API.one(d.id));
    expect(del.statusCode).toBe(409);
    expect(body(del).message).toBe('This dataset has frozen versions and cannot be deleted');
  });
});

async function sharpNoise(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const raw = Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256)));
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
