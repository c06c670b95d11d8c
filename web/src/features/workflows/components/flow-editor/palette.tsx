import { FLOW_NODE_SHAPES, type FlowNodeShape } from '@sentinel/contract';
import type { DragEvent } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export const SHAPE_MIME = 'application/x-sentinel-flow-shape';

/** The four node shapes: click to add one, or drag it onto the canvas. */
export function Palette({ onAdd }: { onAdd: (shape: FlowNodeShape) => void }) {
  const { t } = useTranslation('workflows');
  const onDragStart = (event: DragEvent, shape: FlowNodeShape) => {
    event.dataTransfer.setData(SHAPE_MIME, shape);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <aside className="flow-palette" aria-label={t('editor.palette')}>
      <div className="flow-palette-hint">{t('editor.paletteHint')}</div>
      {FLOW_NODE_SHAPES.map((shape) => (
        <button
          key={shape}
          type="button"
          className="flow-palette-item"
          draggable
          onDragStart={(event) => onDragStart(event, shape)}
          onClick={() => onAdd(shape)}
          data-testid={`palette-${shape}`}
          aria-label={t(`shape.${shape}`)}
          title={t(`shape.${shape}`)}
        >
          <div className={`flow-node flow-node-${shape}`}>
            <div className="flow-node-label">{t(`shape.${shape}`)}</div>
          </div>
        </button>
      ))}
    </aside>
  );
}
