import type { Detection } from '@sentinel/contract';

/** A stable colour per class name. */
export function classColour(cls: string): string {
  let hash = 0;
  for (const ch of cls) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return `hsl(${hash}, 85%, 45%)`;
}

/** Boxes (normalised [x, y, w, h]) drawn over an image that fills its positioned parent. */
export function BoxOverlay({
  labels,
  selected,
  onSelect,
  showNames = true,
}: {
  labels: Detection[];
  selected?: number;
  onSelect?: (index: number) => void;
  showNames?: boolean;
}) {
  return (
    <>
      {labels.map((label, index) => {
        const [x, y, w, h] = label.box;
        const colour = classColour(label.cls);
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the box list beside the image selects from the keyboard
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no id; their order is their identity
            key={index}
            data-testid="dataset-box"
            onMouseDown={
              onSelect
                ? (e) => {
                    e.stopPropagation();
                    onSelect(index);
                  }
                : undefined
            }
            style={{
              position: 'absolute',
              left: `${x * 100}%`,
              top: `${y * 100}%`,
              width: `${w * 100}%`,
              height: `${h * 100}%`,
              border: `2px solid ${colour}`,
              boxShadow: selected === index ? `0 0 0 2px #fff, 0 0 0 4px ${colour}` : undefined,
              pointerEvents: onSelect ? 'auto' : 'none',
              cursor: onSelect ? 'pointer' : undefined,
            }}
          >
            {showNames ? (
              <span
                style={{
                  position: 'absolute',
                  top: -18,
                  left: -2,
                  background: colour,
                  color: '#fff',
                  fontSize: 11,
                  lineHeight: '16px',
                  padding: '0 4px',
                  whiteSpace: 'nowrap',
                }}
              >
                {label.cls}
              </span>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
