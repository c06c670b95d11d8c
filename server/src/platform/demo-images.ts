import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { resolveMediaPath } from './media.ts';

const W = 1280;
const H = 720;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const esc = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Detection boxes that look placed by a detector (deterministic for a seed). */
export function demoBoxes(seed: number): Box[] {
  let s = (seed * 7919 + 104_729) % 233_280;
  const r = () => {
    s = (s * 9301 + 49_297) % 233_280;
    return s / 233_280;
  };
  const count = 1 + Math.floor(r() * 2);
  return Array.from({ length: count }, () => {
    const w = 90 + Math.floor(r() * 120);
    const h = Math.floor(w * (1.6 + r() * 0.8));
    return {
      x: 80 + Math.floor(r() * (W - w - 160)),
      y: 200 + Math.floor(r() * Math.max(1, H - h - 240)),
      w,
      h,
    };
  });
}

/** The demo boxes of `seed` as an engine reports them: class, confidence, [x, y, w, h] in 0..1. */
export function demoDetections(
  seed: number,
  cls: string,
): Array<{ cls: string; confidence: number; box: [number, number, number, number] }> {
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return demoBoxes(seed).map((b, i) => ({
    cls: cls.slice(0, 64) || 'alarm',
    // The confidence printed on the drawn picture.
    confidence: Number((0.82 + ((seed + i) % 17) / 100).toFixed(2)),
    box: [r(b.x / W), r(b.y / H), r(b.w / W), r(b.h / H)],
  }));
}

/** The camera's snapshot (1280×720) or, without one, a plain grey frame. */
async function baseFrame(mediaDir: string, snapshotPath: string | null): Promise<Buffer> {
  if (snapshotPath) {
    const file = resolveMediaPath(resolve(mediaDir), snapshotPath);
    const data = file ? await readFile(file).catch(() => undefined) : undefined;
    if (data) {
      try {
        return await sharp(data).resize(W, H, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
      } catch {
        // not decodable: fall back to a plain frame
      }
    }
  }
  return sharp({ create: { width: W, height: H, channels: 3, background: { r: 96, g: 100, b: 104 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * An alarm's two pictures: the original frame and the frame with red detection boxes and the
 * algorithm label drawn (SVG composited by sharp). Labels are ASCII: the server may lack CJK fonts.
 */
export async function renderAlarmImages(
  mediaDir: string,
  snapshotPath: string | null,
  label: string,
  seed: number,
): Promise<{ original: Buffer; drawn: Buffer }> {
  const original = await baseFrame(mediaDir, snapshotPath);
  const boxes = demoBoxes(seed);
  const text = esc(label.replace(/[^\x20-\x7e]/g, '').slice(0, 40) || 'alarm');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${boxes
    .map(
      (b, i) =>
        `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="none" stroke="#ff2a2a" stroke-width="4"/>` +
        `<rect x="${b.x - 2}" y="${b.y - 30}" width="${Math.max(b.w + 4, text.length * 11 + 64)}" height="28" fill="#ff2a2a"/>` +
        `<text x="${b.x + 6}" y="${b.y - 10}" font-family="DejaVu Sans, Arial, sans-serif" font-size="18" fill="#fff">${text} ${(0.82 + ((seed + i) % 17) / 100).toFixed(2)}</text>`,
    )
    .join('')}</svg>`;
  const drawn = await sharp(original)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  return { original, drawn };
}
