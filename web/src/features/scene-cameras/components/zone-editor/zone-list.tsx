import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import type { DraftZone } from '@/features/scene-cameras/lib/zone-geometry.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ZONE_COLORS } from './zone-canvas.tsx';

/** The zones beside the image: name, order (up / down) and removal. */
export function ZoneList({
  zones,
  selectedKey,
  readOnly,
  onSelect,
  onRename,
  onMove,
  onRemove,
}: {
  zones: DraftZone[];
  selectedKey: string | undefined;
  readOnly: boolean;
  onSelect: (key: string) => void;
  onRename: (key: string, name: string) => void;
  onMove: (index: number, delta: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation('sceneCameras');
  if (zones.length === 0) {
    return <Typography.Text type="secondary">{t('zoneEditor.empty')}</Typography.Text>;
  }
  return (
    <Flex vertical gap={8} data-testid="zone-list">
      {zones.map((zone, index) => (
        <Flex
          key={zone.key}
          gap={6}
          align="center"
          data-testid={`zone-row-${index}`}
          onClick={() => onSelect(zone.key)}
          style={{
            padding: 6,
            borderRadius: 6,
            border: `1px solid ${zone.key === selectedKey ? ZONE_COLORS[index % ZONE_COLORS.length] : 'transparent'}`,
          }}
        >
          <span
            aria-hidden
            style={{
              width: 12,
              height: 12,
              borderRadius: 3,
              flex: 'none',
              background: ZONE_COLORS[index % ZONE_COLORS.length],
            }}
          />
          <Input
            size="small"
            value={zone.name}
            maxLength={50}
            disabled={readOnly}
            aria-label={t('zoneEditor.name')}
            placeholder={t('zoneEditor.name')}
            data-testid={`zone-name-${index}`}
            onChange={(event) => onRename(zone.key, event.target.value)}
            onKeyDown={(event) => event.stopPropagation()}
          />
          {!readOnly && (
            <>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('zoneEditor.up')}
                title={t('zoneEditor.up')}
                disabled={index === 0}
                data-testid={`zone-up-${index}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onMove(index, -1);
                }}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('zoneEditor.down')}
                title={t('zoneEditor.down')}
                disabled={index === zones.length - 1}
                data-testid={`zone-down-${index}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onMove(index, 1);
                }}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('zoneEditor.remove')}
                title={t('zoneEditor.remove')}
                onClick={(event) => {
                  event.stopPropagation();
                  onRemove(zone.key);
                }}
              />
            </>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
