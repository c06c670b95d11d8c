import { describe, expect, it } from 'vitest';
import { normalisedBox, parseYoloLabels, planLabels, yoloLabelPath, yoloText } from './formats.ts';

describe('dataset label formats', () => {
  it('finds a YOLO label file beside its image', () => {
    expect(yoloLabelPath('set/images/train/a.JPG')).toBe('set/labels/train/a.txt');
    expect(yoloLabelPath('a.png')).toBe('a.txt');
  });

  it('reads YOLO lines (centre, size) into top-left boxes and refuses broken ones', () => {
    expect(parseYoloLabels('0 0.5 0.5 0.2 0.4\n\n', ['helmet'])).toEqual([
      { cls: 'helmet', box: [0.4, 0.3, 0.2, 0.4] },
    ]);
    expect(parseYoloLabels('1 0.5 0.5 0.2 0.4', ['helmet'])).toBeUndefined();
    expect(parseYoloLabels('0 0.5 0.5 1.2 0.4', ['helmet'])).toBeUndefined();
    expect(parseYoloLabels('0 0.5 0.5', ['helmet'])).toBeUndefined();
    expect(parseYoloLabels('x 0.5 0.5 0.1 0.1', ['helmet'])).toBeUndefined();
  });

  it('keeps boxes inside the image', () => {
    expect(normalisedBox(-0.1, 0.9, 0.5, 0.5)).toEqual([0, 0.9, 0.5, 0.1]);
  });

  it('writes what it reads', () => {
    const labels = [{ cls: 'head', box: [0.1, 0.2, 0.3, 0.4] as [number, number, number, number] }];
    expect(parseYoloLabels(yoloText(labels, ['helmet', 'head']), ['helmet', 'head'])).toEqual(labels);
  });

  it('takes class names from data.yaml as a list or an index map, else the dataset classes', async () => {
    const files: Record<string, string> = {
      'data.yaml': 'names:\n  0: helmet\n  1: head\n',
      'images/a.jpg': '',
      'labels/a.txt': '1 0.5 0.5 0.2 0.2',
      'images/b.jpg': '',
      'notes.md': '',
    };
    const plan = await planLabels(Object.keys(files), async (n) => files[n] ?? '', []);
    expect(plan.format).toBe('yolo');
    const a = plan.images.get('images/a.jpg');
    expect(typeof a === 'function' ? a(10, 10) : a).toEqual([{ cls: 'head', box: [0.4, 0.4, 0.2, 0.2] }]);
    const b = plan.images.get('images/b.jpg');
    expect(typeof b === 'function' ? b(10, 10) : b).toEqual([]);
    expect(plan.unused).toEqual(['notes.md']);
    const fallback = await planLabels(
      ['x.png', 'x.txt'],
      async (n) => (n === 'x.txt' ? '0 0.5 0.5 1 1' : ''),
      ['fire'],
    );
    const x = fallback.images.get('x.png');
    expect(typeof x === 'function' ? x(1, 1) : x).toEqual([{ cls: 'fire', box: [0, 0, 1, 1] }]);
  });

  it('detects COCO and skips hidden files and macOS folders', async () => {
    const coco = JSON.stringify({
      images: [{ id: 7, file_name: 'pics/p.jpg' }],
      annotations: [{ image_id: 7, category_id: 1, bbox: [10, 20, 30, 40] }],
      categories: [{ id: 1, name: 'smoke' }],
    });
    const names = ['ann/instances.json', 'pics/p.jpg', '__MACOSX/pics/._p.jpg', '.DS_Store'];
    const plan = await planLabels(names, async (n) => (n.endsWith('.json') ? coco : ''), []);
    expect(plan.format).toBe('coco');
    const p = plan.images.get('pics/p.jpg');
    expect(typeof p === 'function' ? p(100, 200) : p).toEqual([{ cls: 'smoke', box: [0.1, 0.1, 0.3, 0.2] }]);
    expect(plan.unused).toEqual([]);
  });
});
