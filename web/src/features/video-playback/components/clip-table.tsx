import { PlayCircleOutlined } from '@ant-design/icons';
import type { CameraVideoClip } from '@sentinel/contract';
import { Button, Table, type TableColumnsType, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { formatTime } from '../../../shared/utils/time.ts';
import { clipKey } from '../lib/playback-query.ts';

/** The camera's clips, newest first: time, alarm type, source and a Play button. */
export function ClipTable({
  clips,
  loading,
  playingKey,
  onPlay,
}: {
  clips: CameraVideoClip[];
  loading: boolean;
  playingKey: string | null;
  onPlay: (clip: CameraVideoClip) => void;
}) {
  const { t } = useTranslation('videoPlayback');
  const columns: TableColumnsType<CameraVideoClip> = [
    { title: t('column.time'), dataIndex: 'alarmTime', render: (v: string) => formatTime(v) },
    {
      title: t('column.type'),
      dataIndex: 'videoAlarmTypeName',
      render: (v: string) => v || '—',
    },
    {
      title: t('column.source'),
      dataIndex: 'source',
      responsive: ['md'],
      render: (v: CameraVideoClip['source']) => <Tag>{t(`source.${v}`)}</Tag>,
    },
    {
      title: t('column.actions'),
      key: 'actions',
      render: (_, clip) => {
        const playing = clipKey(clip) === playingKey;
        return (
          <Button
            type={playing ? 'primary' : 'link'}
            size="small"
            icon={<PlayCircleOutlined />}
            aria-pressed={playing}
            aria-label={t('playClip', { time: formatTime(clip.alarmTime) })}
            onClick={() => onPlay(clip)}
            data-testid={`playback-play-${clipKey(clip)}`}
          >
            {playing ? t('playing') : t('play')}
          </Button>
        );
      },
    },
  ];
  return (
    <Table<CameraVideoClip>
      rowKey={clipKey}
      size="middle"
      columns={columns}
      dataSource={clips}
      loading={loading}
      pagination={clips.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      onRow={(clip) =>
        ({
          'data-testid': `playback-row-${clipKey(clip)}`,
          'aria-selected': clipKey(clip) === playingKey,
        }) as HTMLAttributes<HTMLElement>
      }
      data-testid="playback-table"
    />
  );
}
