import { Descriptions, Drawer, Typography } from 'antd';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useProtocolDetail } from '../api/protocol.ts';
import { OutcomeTag } from './outcome-tag.tsx';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One engine message: its facts, the raw metadata as received and the parse result, as formatted JSON. */
export function MessageDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('selfCheckProtocol');
  const detail = useProtocolDetail(id);
  const row = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={640}
      title={t('detail.title', { id: id ?? '' })}
      data-testid="protocol-detail"
      destroyOnHidden
    >
      {detail.isPending ? (
        <PageLoading />
      ) : detail.isError || !row ? (
        <PageError message={detail.error?.message} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('column.time')}>{formatTime(row.receivedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('column.kind')}>
              {t(`kind.${row.kind}`, { defaultValue: row.kind })}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.engine')}>{row.engineName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('column.camera')}>
              {row.cameraName ?? row.cameraId ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.outcome')}>
              <OutcomeTag outcome={row.outcome} />
            </Descriptions.Item>
            <Descriptions.Item label={t('column.status')}>{row.status}</Descriptions.Item>
            <Descriptions.Item label={t('column.reason')}>
              {row.reason ? `${tr(row.reason)} (${row.reason})` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('column.duration')}>
              {row.durationMs === null ? '—' : t('ms', { count: row.durationMs })}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('detail.raw')}
          </Typography.Title>
          <pre className="protocol-json" data-testid="protocol-detail-raw" style={preStyle}>
            {json(row.raw)}
          </pre>
          <Typography.Title level={5}>{t('detail.result')}</Typography.Title>
          <pre data-testid="protocol-detail-result" style={preStyle}>
            {json(row.result)}
          </pre>
        </>
      )}
    </Drawer>
  );
}

const preStyle = {
  background: 'rgba(127, 127, 127, 0.08)',
  padding: 12,
  borderRadius: 6,
  fontSize: 12,
  maxHeight: 360,
  overflow: 'auto',
  whiteSpace: 'pre-wrap' as const,
  wordBreak: 'break-all' as const,
};
