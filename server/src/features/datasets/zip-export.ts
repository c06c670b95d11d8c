import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { DatasetFormat, Detection } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import yazl from 'yazl';
import { mediaRoot, resolveMediaPath } from '../../platform/media.ts';
import { yoloText } from './formats.ts';

export interface ExportImage {
  itemId: number;
  image: string;
  width: number;
  height: number;
  labels: Detection[];
}

/** The classes in order: the dataset's own, then any other a label uses. */
export function exportClasses(classes: string[], images: ExportImage[]): string[] {
  const out = [...classes];
  for (const image of images) for (const l of image.labels) if (!out.includes(l.cls)) out.push(l.cls);
  return out;
}

/**
 * A dataset's images and labels as a zip, streamed (yazl reads each image file as it writes):
 * YOLO `images/<id>.<ext>`, `labels/<id>.txt`, `classes.txt`, `data.yaml`; or COCO
 * `images/<id>.<ext>` and `annotations.json` (boxes in pixels).
 */
export function exportZip(
  app: FastifyInstance,
  images: ExportImage[],
  classesIn: string[],
  format: DatasetFormat,
): Readable {
  const zip = new yazl.ZipFile();
  const root = mediaRoot(app);
  const classes = exportClasses(classesIn, images);
  const fileName = (image: ExportImage) =>
    `images/${image.itemId}${image.image.endsWith('.png') ? '.png' : '.jpg'}`;
  for (const image of images) {
    const file = resolveMediaPath(root, image.image);
    if (!file) continue;
    zip.addReadStreamLazy(fileName(image), { compress: false }, (callback) => {
      const stream = createReadStream(file);
      stream.once('open', () => callback(null, stream));
      stream.once('error', (error) => callback(error, stream));
    });
  }
  if (format === 'yolo') {
    for (const image of images) {
      zip.addBuffer(Buffer.from(yoloText(image.labels, classes)), `labels/${image.itemId}.txt`);
    }
    zip.addBuffer(Buffer.from(`${classes.join('\n')}\n`), 'classes.txt');
    zip.addBuffer(
      Buffer.from(
        stringify({ path: '.', train: 'images', val: 'images', nc: classes.length, names: classes }),
      ),
      'data.yaml',
    );
  } else {
    let annotationId = 0;
    const coco = {
      info: { description: 'Sentinel Console dataset export' },
      images: images.map((i) => ({ id: i.itemId, file_name: fileName(i), width: i.width, height: i.height })),
      annotations: images.flatMap((i) =>
        i.labels.map((l) => {
          const [x, y, w, h] = l.box;
          const bbox = [x * i.width, y * i.height, w * i.width, h * i.height].map(
            (v) => Math.round(v * 1000) / 1000,
          );
          annotationId += 1;
          return {
            id: annotationId,
            image_id: i.itemId,
            category_id: classes.indexOf(l.cls) + 1,
            bbox,
            area: (bbox[2] ?? 0) * (bbox[3] ?? 0),
            iscrowd: 0,
          };
        }),
      ),
      categories: classes.map((name, index) => ({ id: index + 1, name, supercategory: '' })),
    };
    zip.addBuffer(Buffer.from(JSON.stringify(coco)), 'annotations.json');
  }
  zip.end();
  return zip.outputStream as Readable;
}
