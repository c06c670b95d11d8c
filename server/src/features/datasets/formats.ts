import { posix } from 'node:path';
import type { DatasetFormat, Detection, MessageCode } from '@sentinel/contract';
import { parse as parseYaml } from 'yaml';

/**
 * Reading labels of a dataset zip (YOLO or COCO, detected) and writing them (export). Pure:
 * the zip itself is read by zip-reader.ts.
 */

export const IMAGE_NAME = /\.(jpe?g|png)$/i;

/** An image's labels once its size is known (COCO boxes are in pixels), or why it is refused. */
export type PlannedLabels = ((width: number, height: number) => Detection[]) | { refused: MessageCode };

export interface LabelPlan {
  format: DatasetFormat;
  /** Image entries to import, by entry name. */
  images: Map<string, PlannedLabels>;
  /** Entries neither imported as an image nor used as labels. */
  unused: string[];
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** [x, y, w, h] kept inside the image, rounded to 6 decimals. */
export function normalisedBox(x: number, y: number, w: number, h: number): Detection['box'] {
  const left = clamp(x);
  const top = clamp(y);
  return [round(left), round(top), round(clamp(Math.min(w, 1 - left))), round(clamp(Math.min(h, 1 - top)))];
}

const isHidden = (name: string) =>
  name.startsWith('__MACOSX/') ||
  posix.basename(name).startsWith('.') ||
  name.split('/').some((s) => s.startsWith('.'));

interface CocoFile {
  images: { id: number; file_name: string }[];
  annotations: { image_id: number; category_id: number; bbox: number[] }[];
  categories: { id: number; name: string }[];
}

function asCoco(value: unknown): CocoFile | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Partial<Record<keyof CocoFile, unknown>>;
  if (!Array.isArray(v.images) || !Array.isArray(v.annotations) || !Array.isArray(v.categories))
    return undefined;
  return v as CocoFile;
}

/** YOLO class names from classes.txt / *.names lines or data.yaml `names` (a list or an index map). */
function yoloNames(text: string, yaml: boolean): string[] {
  if (!yaml)
    return text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
  const doc = parseYaml(text, { maxAliasCount: 10 }) as { names?: unknown } | null;
  const names = doc?.names;
  if (Array.isArray(names)) return names.map(String);
  if (names && typeof names === 'object') {
    const out: string[] = [];
    for (const [k, v] of Object.entries(names)) out[Number(k)] = String(v);
    return Array.from(out, (n, i) => n ?? String(i));
  }
  return [];
}

/** The label file of an image: images/ → labels/ (the last such segment), extension .txt. */
export function yoloLabelPath(image: string): string {
  const stem = image.replace(IMAGE_NAME, '.txt');
  const parts = stem.split('/');
  const at = parts.lastIndexOf('images');
  if (at >= 0) parts[at] = 'labels';
  return parts.join('/');
}

/** Parses one YOLO label file: `class cx cy w h` per line, normalised. */
export function parseYoloLabels(text: string, names: string[]): Detection[] | undefined {
  const labels: Detection[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/).filter(Boolean);
    if (fields.length === 0) continue;
    if (fields.length !== 5 && fields.length !== 6) return undefined;
    const [cls, cx, cy, w, h] = fields.map(Number) as [number, number, number, number, number];
    if (![cls, cx, cy, w, h].every(Number.isFinite) || !Number.isInteger(cls) || cls < 0) return undefined;
    if ([cx, cy, w, h].some((v) => v < 0 || v > 1)) return undefined;
    const name = names[cls];
    if (!name) return undefined;
    labels.push({ cls: name, box: normalisedBox(cx - w / 2, cy - h / 2, w, h) });
  }
  return labels;
}

/**
 * Decides the format and each image's labels. `readText` answers an entry's text. COCO when a
 * json entry has images, annotations and categories; YOLO otherwise (images without a label file
 * are negatives). YOLO class indexes without names use `fallbackNames` (the dataset's classes).
 */
export async function planLabels(
  names: string[],
  readText: (name: string) => Promise<string>,
  fallbackNames: string[],
): Promise<LabelPlan> {
  const visible = names.filter((n) => !isHidden(n));
  const images = visible.filter((n) => IMAGE_NAME.test(n));
  const plan = new Map<string, PlannedLabels>();
  const used = new Set<string>(images);

  for (const json of visible.filter((n) => n.toLowerCase().endsWith('.json'))) {
    let coco: CocoFile | undefined;
    try {
      coco = asCoco(JSON.parse(await readText(json)));
    } catch {
      coco = undefined;
    }
    if (!coco) continue;
    used.add(json);
    const categories = new Map(coco.categories.map((c) => [c.id, String(c.name)]));
    const byImage = new Map<number, { cls: string; bbox: number[] }[]>();
    const broken = new Set<number>();
    for (const a of coco.annotations) {
      const cls = categories.get(a.category_id);
      const ok =
        cls &&
        Array.isArray(a.bbox) &&
        a.bbox.length === 4 &&
        a.bbox.every((v) => Number.isFinite(v) && v >= 0);
      if (!ok) {
        broken.add(a.image_id);
        continue;
      }
      byImage.set(a.image_id, [...(byImage.get(a.image_id) ?? []), { cls, bbox: a.bbox }]);
    }
    const entryOf = (fileName: string) => {
      const clean = String(fileName).replace(/\\/g, '/').replace(/^\.\//, '');
      return (
        images.find((n) => n === clean || n.endsWith(`/${clean}`)) ??
        images.find((n) => posix.basename(n) === posix.basename(clean))
      );
    };
    for (const image of coco.images) {
      const entry = entryOf(image.file_name);
      if (!entry) continue;
      if (broken.has(image.id)) {
        plan.set(entry, { refused: 'dataset.badLabel' });
        continue;
      }
      const boxes = byImage.get(image.id) ?? [];
      plan.set(entry, (width, height) =>
        boxes.map(({ cls, bbox }) => {
          const [x, y, w, h] = bbox as [number, number, number, number];
          return { cls, box: normalisedBox(x / width, y / height, w / width, h / height) };
        }),
      );
    }
    return { format: 'coco', images: plan, unused: visible.filter((n) => !used.has(n) && !plan.has(n)) };
  }

  const yamlFiles = visible.filter((n) => /(^|\/)data\.ya?ml$/i.test(n));
  const listFiles = visible.filter((n) => /(^|\/)(classes\.txt|[^/]+\.names)$/i.test(n));
  for (const n of [...yamlFiles, ...listFiles]) used.add(n);
  const namesFile = yamlFiles[0] ?? listFiles[0];
  let classNames = fallbackNames;
  if (namesFile) {
    try {
      const found = yoloNames(await readText(namesFile), /\.ya?ml$/i.test(namesFile));
      if (found.length > 0) classNames = found;
    } catch {
      // An unreadable names file: the dataset's own classes name the indexes.
    }
  }
  const texts = new Set(visible.filter((n) => n.toLowerCase().endsWith('.txt')));
  for (const image of images) {
    const candidates = [yoloLabelPath(image), image.replace(IMAGE_NAME, '.txt')];
    const labelFile = candidates.find((c) => texts.has(c));
    if (!labelFile) {
      plan.set(image, () => []);
      continue;
    }
    used.add(labelFile);
    const labels = parseYoloLabels(await readText(labelFile), classNames);
    plan.set(image, labels ? () => labels : { refused: 'dataset.badLabel' });
  }
  return { format: 'yolo', images: plan, unused: visible.filter((n) => !used.has(n)) };
}

/** A YOLO label file's text for normalised boxes. */
export function yoloText(labels: Detection[], classes: string[]): string {
  return labels
    .map((l) => {
      const [x, y, w, h] = l.box;
      const values = [x + w / 2, y + h / 2, w, h].map((v) => round(v).toString());
      return `${classes.indexOf(l.cls)} ${values.join(' ')}`;
    })
    .join('\n');
}
