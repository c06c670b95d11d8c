import { DeleteOutlined } from '@ant-design/icons';
import type { DatasetItem, Detection } from '@sentinel/contract';
import { AutoComplete, Button, Flex, List, Modal, Popconfirm, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRemoveItem, useSaveLabels } from '../api/datasets.ts';
import { normaliseDrag } from '../lib/boxes.ts';
import { BoxOverlay } from './box-overlay.tsx';

/**
 * An image's labels: drag on the image to draw a box (it takes the class chosen last), pick a box
 * to change its class or delete it (Delete key); Save writes the labels; "Remove image" takes the
 * image out of the working set (frozen versions keep it).
 */
export function LabelEditor({
  datasetId,
  item,
  classes,
  onClose,
}: {
  datasetId: number;
  item: DatasetItem;
  classes: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('datasets');
  const [labels, setLabels] = useState<Detection[]>(item.labels);
  const [selected, setSelected] = useState<number | undefined>();
  // The class for new boxes: the one chosen last, else the dataset's first (its classes may arrive
  // after the editor opens, e.g. just after an import added them).
  const [chosen, setCls] = useState<string | undefined>();
  const cls = chosen ?? classes[0] ?? '';
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const save = useSaveLabels(datasetId);
  const remove = useRemoveItem(datasetId);

  useEffect(() => setLabels(item.labels), [item]);

  const point = (e: React.MouseEvent) => {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: (e.clientX - rect.left) / rect.width, y: (e.clientY - rect.top) / rect.height };
  };
  const finish = () => {
    if (!drag) return;
    const box = normaliseDrag(drag);
    setDrag(null);
    if (!box || !cls.trim()) return;
    setLabels((l) => [...l, { cls: cls.trim(), box }]);
    setSelected(labels.length);
  };
  const setClass = (index: number, value: string) =>
    setLabels((l) => l.map((label, i) => (i === index ? { ...label, cls: value } : label)));
  const drop = (index: number) => {
    setLabels((l) => l.filter((_, i) => i !== index));
    setSelected(undefined);
  };
  const options = classes.map((c) => ({ value: c }));
  const preview = drag ? normaliseDrag(drag) : undefined;

  return (
    <Modal
      open
      width={980}
      title={t('editLabels')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Popconfirm
            title={t('removeImageConfirm')}
            onConfirm={async () => {
              await remove.mutateAsync(item.id);
              onClose();
            }}
          >
            <Button danger data-testid="dataset-remove-image">
              {t('removeImage')}
            </Button>
          </Popconfirm>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button
              type="primary"
              loading={save.isPending}
              data-testid="dataset-save-labels"
              onClick={async () => {
                await save.mutateAsync({ itemId: item.id, labels: labels.filter((l) => l.cls.trim()) });
                onClose();
              }}
            >
              {t('save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex gap={16} align="start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <div
            ref={surface}
            data-testid="dataset-editor-image"
            role="application"
            aria-label={t('drawHint')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing surface takes the Delete key for the selected box
            tabIndex={0}
            onKeyDown={(e) => {
              if ((e.key === 'Delete' || e.key === 'Backspace') && selected !== undefined) drop(selected);
            }}
            style={{ position: 'relative', userSelect: 'none', cursor: 'crosshair', outline: 'none' }}
            onMouseDown={(e) => {
              const p = point(e);
              setSelected(undefined);
              setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
            }}
            onMouseMove={(e) => {
              if (!drag) return;
              const p = point(e);
              setDrag({ ...drag, x1: p.x, y1: p.y });
            }}
            onMouseUp={finish}
            onMouseLeave={finish}
          >
            <img src={item.url} alt="" draggable={false} style={{ width: '100%', display: 'block' }} />
            <BoxOverlay labels={labels} selected={selected} onSelect={setSelected} />
            {preview ? <BoxOverlay labels={[{ cls, box: preview }]} showNames={false} /> : null}
          </div>
          <Typography.Text type="secondary">{t('drawHint')}</Typography.Text>
        </div>
        <div style={{ width: 280 }}>
          <Typography.Text strong>{t('newBoxClass')}</Typography.Text>
          <AutoComplete
            style={{ width: '100%', margin: '4px 0 12px' }}
            value={cls}
            options={options}
            onChange={setCls}
            data-testid="dataset-new-class"
          />
          <List
            size="small"
            bordered
            locale={{ emptyText: t('negativeHint') }}
            dataSource={labels.map((label, index) => ({ label, index }))}
            renderItem={({ label, index }) => (
              <List.Item
                style={{ background: selected === index ? 'rgba(22,119,255,0.08)' : undefined }}
                actions={[
                  <Button
                    key="delete"
                    size="small"
                    type="text"
                    danger
                    aria-label={t('deleteBox')}
                    icon={<DeleteOutlined />}
                    onClick={() => drop(index)}
                  />,
                ]}
              >
                <AutoComplete
                  size="small"
                  style={{ width: '100%' }}
                  value={label.cls}
                  options={options}
                  onFocus={() => setSelected(index)}
                  onChange={(v) => setClass(index, v)}
                />
              </List.Item>
            )}
          />
        </div>
      </Flex>
    </Modal>
  );
}
