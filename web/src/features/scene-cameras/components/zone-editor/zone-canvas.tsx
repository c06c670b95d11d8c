import { CameraOutlined } from '@ant-design/icons';
import type { ZonePoint } from '@sentinel/contract';
import { useEffect, useRef, useState } from 'react';
import {
  type DraftZone,
  labelPoint,
  type Size,
  svgPoints,
  toPoint,
} from '@/features/scene-cameras/lib/zone-geometry.ts';

export const ZONE_COLORS = ['#3377ff', '#fa8c16', '#52c41a', '#eb2f96', '#13c2c2'];

interface Drag {
  zoneKey: string;
  index: number;
}

/**
 * The camera's snapshot with an SVG overlay: zones as polygons, the polygon being drawn, and
 * draggable vertex handles on the selected zone. Coordinates are normalised (0..1).
 */
export function ZoneCanvas({
  imageUrl,
  label,
  zones,
  selectedKey,
  draft,
  readOnly,
  onAddPoint,
  onClosePolygon,
  onSelect,
  onMovePoint,
}: {
  imageUrl: string | null;
  label: string;
  zones: DraftZone[];
  selectedKey: string | undefined;
  draft: ZonePoint[];
  readOnly: boolean;
  onAddPoint: (point: ZonePoint, size: Size) => void;
  onClosePolygon: () => void;
  onSelect: (key: string | undefined) => void;
  onMovePoint: (zoneKey: string, index: number, point: ZonePoint) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const [imageFailed, setImageFailed] = useState(false);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setSize({ width: box.clientWidth, height: box.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const pointOf = (event: React.PointerEvent | React.MouseEvent): ZonePoint => {
    const rect = boxRef.current?.getBoundingClientRect();
    return rect ? toPoint(event.clientX, event.clientY, rect) : [0, 0];
  };

  const showImage = Boolean(imageUrl) && !imageFailed;
  const drawing = draft.length > 0;

  return (
    <div
      ref={boxRef}
      data-testid="zone-canvas"
      style={{
        position: 'relative',
        width: '100%',
        background: '#1f1f1f',
        borderRadius: 6,
        overflow: 'hidden',
        userSelect: 'none',
        cursor: readOnly ? 'default' : 'crosshair',
        aspectRatio: showImage ? undefined : '16 / 9',
      }}
    >
      {showImage ? (
        <img
          src={imageUrl ?? undefined}
          alt={label}
          draggable={false}
          onError={() => setImageFailed(true)}
          onLoad={() => {
            const box = boxRef.current;
            if (box) setSize({ width: box.clientWidth, height: box.clientHeight });
          }}
          style={{ display: 'block', width: '100%', height: 'auto' }}
        />
      ) : (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'rgba(255,255,255,0.35)',
            fontSize: 48,
          }}
        >
          <CameraOutlined />
        </div>
      )}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keys (Enter, Escape, Delete) are handled by the editor around it */}
      <svg
        role="img"
        aria-label={label}
        data-testid="zone-svg"
        width="100%"
        height="100%"
        viewBox={`0 0 ${Math.max(size.width, 1)} ${Math.max(size.height, 1)}`}
        style={{ position: 'absolute', inset: 0 }}
        onClick={(event) => {
          if (suppressClick.current) {
            suppressClick.current = false;
            return;
          }
          if (readOnly) return;
          onAddPoint(pointOf(event), size);
        }}
        onDoubleClick={() => !readOnly && onClosePolygon()}
        onPointerMove={(event) => {
          const current = drag.current;
          if (current) onMovePoint(current.zoneKey, current.index, pointOf(event));
        }}
        onPointerUp={() => {
          if (drag.current) suppressClick.current = true;
          drag.current = null;
        }}
      >
        {zones.map((zone, zoneIndex) => {
          const color = ZONE_COLORS[zoneIndex % ZONE_COLORS.length];
          const selected = zone.key === selectedKey;
          const [lx, ly] = labelPoint(zone.points);
          return (
            <g key={zone.key} data-testid={`zone-shape-${zoneIndex}`}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: zones are also selectable in the keyboard-friendly zone list */}
              <polygon
                points={svgPoints(zone.points, size)}
                fill={color}
                fillOpacity={selected ? 0.35 : 0.2}
                stroke={color}
                strokeWidth={selected ? 3 : 2}
                style={{ pointerEvents: drawing ? 'none' : 'auto', cursor: 'pointer' }}
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect(zone.key);
                }}
              />
              <text
                x={lx * size.width}
                y={ly * size.height}
                fill="#fff"
                fontSize={13}
                textAnchor="middle"
                style={{
                  pointerEvents: 'none',
                  paintOrder: 'stroke',
                  stroke: 'rgba(0,0,0,0.6)',
                  strokeWidth: 3,
                }}
              >
                {zone.name || zoneIndex + 1}
              </text>
              {selected &&
                !readOnly &&
                zone.points.map(([x, y], index) => (
                  // biome-ignore lint/a11y/noStaticElementInteractions: vertex dragging is a pointer-only refinement
                  <circle
                    // biome-ignore lint/suspicious/noArrayIndexKey: a vertex is identified by its position
                    key={index}
                    cx={x * size.width}
                    cy={y * size.height}
                    r={6}
                    fill="#fff"
                    stroke={color}
                    strokeWidth={2}
                    style={{ cursor: 'move', pointerEvents: drawing ? 'none' : 'auto' }}
                    onClick={(event) => event.stopPropagation()}
                    onPointerDown={(event) => {
                      event.stopPropagation();
                      (event.currentTarget.ownerSVGElement ?? event.currentTarget).setPointerCapture?.(
                        event.pointerId,
                      );
                      drag.current = { zoneKey: zone.key, index };
                    }}
                  />
                ))}
            </g>
          );
        })}
        {drawing && (
          <g data-testid="zone-draft">
            <polyline
              points={svgPoints(draft, size)}
              fill="none"
              stroke="#ffd666"
              strokeWidth={2}
              strokeDasharray="6 4"
              style={{ pointerEvents: 'none' }}
            />
            {draft.map(([x, y], index) => (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: a vertex is identified by its position
                key={index}
                cx={x * size.width}
                cy={y * size.height}
                r={4}
                fill="#ffd666"
                style={{ pointerEvents: 'none' }}
              />
            ))}
          </g>
        )}
      </svg>
    </div>
  );
}
