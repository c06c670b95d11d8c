import { PauseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { RotationRow } from '@sentinel/contract';
import { Button, Select, Space } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

interface TourControlProps {
  groups: RotationRow[];
  groupId: number | null;
  onGroup: (id: number | null) => void;
  running: boolean;
  onStart: () => void;
  onStop: () => void;
}

/** Picks a camera rotation group and starts or stops its tour of the wall. */
export function TourControl({ groups, groupId, onGroup, running, onStart, onStop }: TourControlProps) {
  const { t } = useTranslation('videoWall');
  return (
    <Space.Compact>
      <Select
        className="video-wall-tour-group"
        aria-label={t('tourGroup')}
        placeholder={t('tourGroup')}
        allowClear
        value={groupId ?? undefined}
        onChange={(value) => onGroup(value ?? null)}
        options={groups.map((g) => ({
          value: g.id,
          label: t('tourOption', { name: g.name, seconds: g.intervalSeconds }),
        }))}
        popupMatchSelectWidth={false}
        data-testid="wall-tour-group"
      />
      {running ? (
        <Button icon={<PauseOutlined />} onClick={onStop} data-testid="wall-tour-stop">
          {t('tourStop')}
        </Button>
      ) : (
        <Button
          icon={<PlayCircleOutlined />}
          onClick={onStart}
          disabled={groupId === null}
          data-testid="wall-tour-start"
        >
          {t('tourStart')}
        </Button>
      )}
    </Space.Compact>
  );
}
