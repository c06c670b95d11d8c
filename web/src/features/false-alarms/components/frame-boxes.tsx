import type { Detection } from '@sentinel/contract';
import { type PointerEvent, useRef, useState } from 'react';

type Box = Detection['box'];

interface FrameBoxesProps {
  src: string;
  alt: string;
  /** The frame's size in pixels (its aspect ratio; 16:9 when unknown). */
  frameWidth: number;
  frameHeight: number;
  boxes: Detection[];
  /** Engine boxes are red, a reviewer's labels green. */
  tone: 'engine' | 'label';
  /** Relabelling: drag on the image to draw a box of `newClass`, click a box to select it. */
  editable?: boolean;
  newClass?: string;
  selected?: number | null;
  onSelect?: (index: number | null) => void;
  onChange?: (boxes: Detection[]) => void;
}

const COLORS = { engine: '#ff4d4f', label: '#52c41a' } as const;
const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 10_000) / 10_000;
const pct = (v: number) => `${(v * 100).toFixed(3)}%`;

/** A normalised box from two corners. */
function boxOf(a: [number, number], b: [number, number]): Box {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return [round(x), round(y), round(Math.abs(a[0] - b[0])), round(Math.abs(a[1] - b[1]))];
}

/**
 * The frame with its boxes drawn over it (class and confidence labels). Boxes are positioned in
 * percent of the frame, so they stay on their objects at any size.
 */
export function FrameBoxes({
  src,
  alt,
  frameWidth,
  frameHeight,
  boxes,
  tone,
  editable = false,
  newClass = '',
  selected = null,
  onSelect,
  onChange,
}: FrameBoxesProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<[number, number] | null>(null);
  const [draft, setDraft] = useState<Box | null>(null);
  const color = COLORS[tone];

  const pointOf = (event: PointerEvent): [number, number] => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return [0, 0];
    return [clamp((event.clientX - rect.left) / rect.width), clamp((event.clientY - rect.top) / rect.height)];
  };

  const handlers = editable
    ? {
        onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          const p = pointOf(event);
          setStart(p);
          setDraft([p[0], p[1], 0, 0]);
          onSelect?.(null);
        },
        onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
          if (start) setDraft(boxOf(start, pointOf(event)));
        },
        onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
          if (!start) return;
          const box = boxOf(start, pointOf(event));
          setStart(null);
          setDraft(null);
          // A click, not a drag: nothing drawn.
          if (box[2] < 0.01 || box[3] < 0.01) return;
          onChange?.([...boxes, { cls: newClass || 'object', box }]);
          onSelect?.(boxes.length);
        },
      }
    : {};

  return (
    <div
      ref={ref}
      data-testid="frame-boxes"
      data-editable={editable ? 'true' : 'false'}
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: frameWidth > 0 && frameHeight > 0 ? `${frameWidth} / ${frameHeight}` : '16 / 9',
        background: '#1f1f1f',
        cursor: editable ? 'crosshair' : 'default',
        userSelect: 'none',
        touchAction: 'none',
      }}
      {...handlers}
    >
      {src ? (
        <img
          src={src}
          alt={alt}
          draggable={false}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'fill' }}
        />
      ) : null}
      {boxes.map((d, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no identity but their place
          key={i}
          data-testid={`frame-box-${i}`}
          data-class={d.cls}
          onPointerDown={(event) => {
            if (!editable) return;
            event.stopPropagation();
            onSelect?.(i);
          }}
          style={{
            position: 'absolute',
            left: pct(d.box[0]),
            top: pct(d.box[1]),
            width: pct(d.box[2]),
            height: pct(d.box[3]),
            border: `${selected === i ? 3 : 2}px ${selected === i ? 'dashed' : 'solid'} ${color}`,
            boxSizing: 'border-box',
          }}
        >
          <span
            style={{
              position: 'absolute',
              left: -2,
              bottom: '100%',
              background: color,
              color: '#fff',
              fontSize: 12,
              lineHeight: '18px',
              padding: '0 4px',
              whiteSpace: 'nowrap',
            }}
          >
            {d.cls}
            {d.confidence !== undefined ? ` ${d.confidence.toFixed(2)}` : ''}
          </span>
        </div>
      ))}
      {draft ? (
        <div
          data-testid="frame-box-draft"
          style={{
            position: 'absolute',
            left: pct(draft[0]),
            top: pct(draft[1]),
            width: pct(draft[2]),
            height: pct(draft[3]),
            border: `2px dashed ${color}`,
            pointerEvents: 'none',
          }}
        />
      ) : null}
    </div>
  );
}
