import { CloseOutlined } from '@ant-design/icons';
import type { VideoWallScene } from '@sentinel/contract';
import { Button, Segmented, Select, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { GRID_SIZES, type GridSize, gridLayout } from '../lib/grid.ts';
import { ALL_CAMERAS_SCENE } from '../lib/wall-cache.ts';

interface WallToolbarProps {
  scenes: VideoWallScene[];
  sceneId: number | null;
  onScene: (sceneId: number) => void;
  gridSize: GridSize;
  onGridSize: (size: GridSize) => void;
  onAdd: () => void;
  onClear: () => void;
  clearDisabled: boolean;
  /** While a rotation group tours the wall, Add and Clear wait (they change the saved wall). */
  touring: boolean;
  tour?: ReactNode;
  onClose: () => void;
}

export function WallToolbar(props: WallToolbarProps) {
  const { t } = useTranslation('videoWall');
  const sceneOptions = [
    ...props.scenes.map((s) => ({ value: s.id, label: s.name })),
    { value: ALL_CAMERAS_SCENE, label: t('allCameras') },
  ];
  return (
    <header className="video-wall-toolbar">
      <h1>{t('title')}</h1>
      <Select
        className="video-wall-scene"
        aria-label={t('scene')}
        value={props.sceneId ?? undefined}
        options={sceneOptions}
        onChange={props.onScene}
        popupMatchSelectWidth={false}
        data-testid="wall-scene"
      />
      <Segmented<GridSize>
        aria-label={t('layout')}
        value={props.gridSize}
        onChange={props.onGridSize}
        data-testid="wall-grid-size"
        options={GRID_SIZES.map((size) => {
          const { columns, rows } = gridLayout(size);
          return {
            value: size,
            label: (
              <Tooltip title={t('cells', { count: size, columns, rows })}>
                <span data-testid={`wall-grid-${size}`}>{size}</span>
              </Tooltip>
            ),
          };
        })}
      />
      <Tooltip title={props.touring ? t('touring') : undefined}>
        <Space.Compact>
          <Button type="primary" onClick={props.onAdd} disabled={props.touring} data-testid="wall-add">
            {t('add')}
          </Button>
          <Button
            onClick={props.onClear}
            disabled={props.touring || props.clearDisabled}
            data-testid="wall-clear"
          >
            {t('clear')}
          </Button>
        </Space.Compact>
      </Tooltip>
      {props.tour}
      <span className="video-wall-spacer" />
      <Tooltip title={t('close')}>
        <Button
          type="text"
          icon={<CloseOutlined />}
          onClick={props.onClose}
          aria-label={t('close')}
          data-testid="video-wall-close"
        />
      </Tooltip>
    </header>
  );
}
