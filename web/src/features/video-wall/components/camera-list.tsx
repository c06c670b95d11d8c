import type { VideoWallCamera } from '@sentinel/contract';
import { Badge, Empty, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { groupByPlantAndArea, matchesKeyword } from '../lib/camera-groups.ts';

interface CameraListProps {
  cameras: VideoWallCamera[];
  selectedId: number | null;
  onSelect: (camera: VideoWallCamera) => void;
  /** Double-click or Enter: add to the selected or first empty cell. */
  onAdd: (camera: VideoWallCamera) => void;
}

/** The wall's camera list: grouped by factory › plant and area, online dot, search by name or code. */
export function CameraList({ cameras, selectedId, onSelect, onAdd }: CameraListProps) {
  const { t } = useTranslation('videoWall');
  const [keyword, setKeyword] = useState('');
  const groups = useMemo(
    () => groupByPlantAndArea(cameras.filter((c) => matchesKeyword(c, keyword))),
    [cameras, keyword],
  );
  return (
    <div className="video-wall-cameras">
      <Input.Search
        allowClear
        placeholder={t('search')}
        aria-label={t('search')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="wall-camera-search"
      />
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCameras')} />
      ) : (
        <div
          className="video-wall-camera-groups"
          role="listbox"
          aria-label={t('cameras')}
          title={t('cameraHint')}
        >
          {groups.map((plant) => (
            <section key={plant.key} className="video-wall-plant">
              <h3>{plant.path.length > 0 ? plant.path.join(' › ') : t('noPlant')}</h3>
              {plant.areas.map((area) => (
                <div key={area.key} className="video-wall-area">
                  <h4>{area.areaName || t('noArea')}</h4>
                  {/* biome-ignore lint/a11y/useSemanticElements: an option group inside a listbox, not a form fieldset */}
                  <div role="group" aria-label={area.areaName || t('noArea')}>
                    {area.cameras.map((camera) => (
                      <div
                        key={camera.id}
                        role="option"
                        tabIndex={0}
                        aria-selected={camera.id === selectedId}
                        className={camera.id === selectedId ? 'selected' : undefined}
                        data-testid="wall-camera"
                        data-camera-id={camera.id}
                        onClick={() => onSelect(camera)}
                        onDoubleClick={() => onAdd(camera)}
                        onKeyDown={(e) => {
                          if (e.key === ' ') {
                            e.preventDefault();
                            onSelect(camera);
                          } else if (e.key === 'Enter') onAdd(camera);
                        }}
                      >
                        <Badge
                          status={camera.online ? 'success' : 'default'}
                          title={camera.online ? t('online') : t('offline')}
                          data-online={camera.online}
                        />
                        <span className="video-wall-camera-name">{camera.name}</span>
                        <span className="video-wall-camera-code">{camera.code}</span>
                      </div>
                    ))}
                  </div>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
