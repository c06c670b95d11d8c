import { MAX_ZONES, MIN_ZONE_POINTS, type ZonePoint } from '@sentinel/contract';

/** Geometry of the zone editor: points are normalised to 0..1 of the image (0,0 top left). */

export interface DraftZone {
  /** Server id of a saved zone (kept on save); absent for a new zone. */
  id?: number;
  /** Stable key for React while editing. */
  key: string;
  name: string;
  points: ZonePoint[];
}

export interface Size {
  width: number;
  height: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A pointer position inside `rect` as a normalised point (clamped to the image). */
export function toPoint(
  clientX: number,
  clientY: number,
  rect: DOMRect | (Size & { left: number; top: number }),
): ZonePoint {
  if (rect.width <= 0 || rect.height <= 0) return [0, 0];
  return [
    round(clamp01((clientX - rect.left) / rect.width)),
    round(clamp01((clientY - rect.top) / rect.height)),
  ];
}

/** Pixel distance between two normalised points on an image of `size`. */
export function pixelDistance(a: ZonePoint, b: ZonePoint, size: Size): number {
  return Math.hypot((a[0] - b[0]) * size.width, (a[1] - b[1]) * size.height);
}

/** A click this close to the previous point (double-click, jitter) adds no new point. */
export const SAME_POINT_PX = 5;

export function isValidPolygon(points: ZonePoint[]): boolean {
  return points.length >= MIN_ZONE_POINTS && points.every(([x, y]) => x >= 0 && x <= 1 && y >= 0 && y <= 1);
}

export const canAddZone = (zones: DraftZone[]) => zones.length < MAX_ZONES;

/** `list` with the item at `index` moved by `delta` (-1 up, +1 down); unchanged at the ends. */
export function moveItem<T>(list: T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** Where to put a zone's label: the average of its points. */
export function labelPoint(points: ZonePoint[]): ZonePoint {
  if (points.length === 0) return [0, 0];
  const sum = points.reduce<[number, number]>((acc, [x, y]) => [acc[0] + x, acc[1] + y], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

/** SVG `points` attribute for a polygon on an image of `size`. */
export const svgPoints = (points: ZonePoint[], size: Size) =>
  points.map(([x, y]) => `${x * size.width},${y * size.height}`).join(' ');

let counter = 0;
export const newKey = () => `zone-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Same zones (ids, names, points) in the same order. */
export function sameZones(a: DraftZone[], b: DraftZone[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((zone, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      zone.id === other.id &&
      zone.name === other.name &&
      JSON.stringify(zone.points) === JSON.stringify(other.points)
    );
  });
}
