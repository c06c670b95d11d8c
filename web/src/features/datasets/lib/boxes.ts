import type { Detection } from '@sentinel/contract';

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** A dragged rectangle (any direction, normalised) as a box; undefined when it is too small to mean one. */
export function normaliseDrag(drag: {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}): Detection['box'] | undefined {
  const left = clamp(Math.min(drag.x0, drag.x1));
  const top = clamp(Math.min(drag.y0, drag.y1));
  const width = clamp(Math.max(drag.x0, drag.x1)) - left;
  const height = clamp(Math.max(drag.y0, drag.y1)) - top;
  if (width < 0.01 || height < 0.01) return undefined;
  return [round(left), round(top), round(width), round(height)];
}
