import { PlayCircleOutlined } from '@ant-design/icons';
import { type CameraVideoClip, clipStartTime } from '@sentinel/contract';
import { Button, Table, type TableColumnsType, Tag } from 'antd';
import { type HTMLAttributes, useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { FIRST_PAGE, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { clipKey, formatDuration } from '../lib/playback-query.ts';

/**
 * The camera's clips, newest first: time, source (an alarm's clip, or a media-server recording),
 * the alarm type (alarm clips), the length (recordings) and a Play button.
 */
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
  // The standard footer (SPEC §9: sizes 10, 20, 30, 50), paging the listed clips; a new listing
  // starts on its first page.
  const [paging, setPaging] = useState(FIRST_PAGE);
  useEffect(() => {
    if (clips) setPaging((current) => ({ ...current, page: 1 }));
  }, [clips]);
  const columns: TableColumnsType<CameraVideoClip> = [
    { title: t('column.time'), key: 'time', render: (_, clip) => formatTime(clipStartTime(clip)) },
    {
      title: t('column.source'),
      key: 'source',
      render: (_, clip) => (
        <Tag color={clip.source === 'recording' ? 'blue' : undefined} data-testid="playback-clip-source">
          {t(`source.${clip.source}`)}
        </Tag>
      ),
    },
    {
      title: t('column.type'),
      key: 'type',
      render: (_, clip) => (clip.source === 'alarm' && clip.videoAlarmTypeName) || '—',
    },
    {
      title: t('column.duration'),
      key: 'duration',
      render: (_, clip) => (clip.source === 'recording' ? formatDuration(clip.durationSeconds) : '—'),
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
            aria-label={t('playClip', { time: formatTime(clipStartTime(clip)) })}
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
      pagination={clips.length > 0 ? tablePagination(paging, clips.length, setPaging) : false}
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
