import { translate, type ZoneItem, type ZonePoint } from '@sentinel/contract';
import { Button, Col, Flex, Row, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  canAddZone,
  type DraftZone,
  isValidPolygon,
  moveItem,
  newKey,
  pixelDistance,
  SAME_POINT_PX,
  type Size,
  sameZones,
} from '@/features/scene-cameras/lib/zone-geometry.ts';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { ZoneCanvas } from './zone-canvas.tsx';
import { ZoneList } from './zone-list.tsx';

const fromServer = (zones: ZoneItem[]): DraftZone[] =>
  zones.map((z) => ({ id: z.id, key: `saved-${z.id}`, name: z.name, points: z.points as ZonePoint[] }));

/**
 * Draws the detection zones of one algorithm on one camera: click to add points, double-click
 * or Enter closes the polygon, Escape cancels it, drag a point to move it, Delete removes the
 * selected zone; at most 5 zones; names; order (up / down); Save. Remount (key) to reload.
 */
export function ZoneEditor({
  title,
  imageUrl,
  zones: saved,
  readOnly,
  saving,
  onSave,
  onSort,
}: {
  title: string;
  imageUrl: string | null;
  zones: ZoneItem[];
  readOnly: boolean;
  saving: boolean;
  onSave: (zones: DraftZone[]) => Promise<unknown>;
  onSort: (zoneIds: number[]) => Promise<unknown>;
}) {
  const { t } = useTranslation('sceneCameras');
  const lang = useLang();
  const initial = useMemo(() => fromServer(saved), [saved]);
  const [zones, setZones] = useState<DraftZone[]>(initial);
  const [draft, setDraft] = useState<ZonePoint[]>([]);
  const [selectedKey, setSelectedKey] = useState<string | undefined>();
  const dirty = !sameZones(zones, initial);

  const addPoint = (point: ZonePoint, size: Size) => {
    if (draft.length === 0 && !canAddZone(zones)) {
      toast.warning(translate('zone.max', lang));
      return;
    }
    const last = draft[draft.length - 1];
    if (last && pixelDistance(last, point, size) < SAME_POINT_PX) return;
    setSelectedKey(undefined);
    setDraft((d) => [...d, point]);
  };

  const closePolygon = () => {
    if (draft.length === 0) return;
    if (!isValidPolygon(draft)) {
      toast.warning(translate('zone.invalid', lang));
      return;
    }
    const zone: DraftZone = {
      key: newKey(),
      name: t('zoneEditor.defaultName', { n: zones.length + 1 }),
      points: draft,
    };
    setZones((z) => [...z, zone]);
    setSelectedKey(zone.key);
    setDraft([]);
  };

  const remove = (key: string) => {
    setZones((z) => z.filter((zone) => zone.key !== key));
    if (selectedKey === key) setSelectedKey(undefined);
  };

  const move = (index: number, delta: number) => {
    const next = moveItem(zones, index, delta);
    setZones(next);
    // Nothing else pending and every zone saved: store the new order right away.
    const ids = next.map((z) => z.id);
    if (!dirty && ids.every((id): id is number => id !== undefined)) {
      void onSort(ids).catch(() => setZones(zones));
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (readOnly) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      closePolygon();
    } else if (event.key === 'Escape') {
      if (draft.length > 0) setDraft([]);
      else setSelectedKey(undefined);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && draft.length === 0 && selectedKey) {
      event.preventDefault();
      remove(selectedKey);
    }
  };

  const save = async () => {
    if (zones.some((z) => !isValidPolygon(z.points))) {
      toast.warning(translate('zone.invalid', lang));
      return;
    }
    await onSave(zones).catch(() => undefined);
  };

  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing surface takes Enter, Escape and Delete
      tabIndex={0}
      role="application"
      aria-label={t('zoneEditor.canvas')}
      data-testid="zone-editor"
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        if (!(event.target instanceof HTMLInputElement)) event.currentTarget.focus();
      }}
      style={{ outline: 'none' }}
    >
      <Flex wrap justify="space-between" align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Flex gap={8} align="center">
          {dirty && <Tag color="warning">{t('zoneEditor.unsaved')}</Tag>}
          {!readOnly && (
            <>
              <Button
                disabled={!dirty && draft.length === 0}
                onClick={() => {
                  setZones(initial);
                  setDraft([]);
                  setSelectedKey(undefined);
                }}
              >
                {t('zoneEditor.reset')}
              </Button>
              <Button
                type="primary"
                disabled={!dirty}
                loading={saving}
                onClick={() => void save()}
                data-testid="zone-save"
              >
                {t('zoneEditor.save')}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      {!readOnly && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8, fontSize: 12 }}>
          {draft.length > 0 ? t('zoneEditor.drawing', { count: draft.length }) : t('zoneEditor.help')}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 12]}>
        <Col xs={24} xl={16}>
          <ZoneCanvas
            imageUrl={imageUrl}
            label={t('zoneEditor.canvas')}
            zones={zones}
            selectedKey={selectedKey}
            draft={draft}
            readOnly={readOnly}
            onAddPoint={addPoint}
            onClosePolygon={closePolygon}
            onSelect={setSelectedKey}
            onMovePoint={(key, index, point) =>
              setZones((list) =>
                list.map((z) =>
                  z.key === key ? { ...z, points: z.points.map((p, i) => (i === index ? point : p)) } : z,
                ),
              )
            }
          />
        </Col>
        <Col xs={24} xl={8}>
          <ZoneList
            zones={zones}
            selectedKey={selectedKey}
            readOnly={readOnly}
            onSelect={setSelectedKey}
            onRename={(key, name) =>
              setZones((list) => list.map((z) => (z.key === key ? { ...z, name } : z)))
            }
            onMove={move}
            onRemove={remove}
          />
        </Col>
      </Row>
    </div>
  );
}
