import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { EXPORT_STATE, type ExportFile, translate } from '@sentinel/contract';
import { Badge, Button, List, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { downloadExport, useDeleteExport, useRetryExport } from '../api/exports.ts';

type Status = 'completed' | 'failed' | 'generating';

const statusOf = (file: ExportFile): Status =>
  file.state === EXPORT_STATE.completed
    ? 'completed'
    : file.state === EXPORT_STATE.failed
      ? 'failed'
      : 'generating';

const TAG: Record<Status, { color: string; badge: 'success' | 'error' | 'processing' }> = {
  completed: { color: 'success', badge: 'success' },
  failed: { color: 'error', badge: 'error' },
  generating: { color: 'processing', badge: 'processing' },
};

/** One export file: state (SPEC §4: 1 completed, otherwise downloading; 2 failed), download, delete. */
export function ExportItem({ file }: { file: ExportFile }) {
  const { t } = useTranslation('downloadCenter');
  const lang = useLang();
  const remove = useDeleteExport();
  const retry = useRetryExport();
  const [saving, setSaving] = useState(false);
  const status = statusOf(file);
  const label = { completed: t('completed'), failed: t('failed'), generating: t('downloading') }[status];

  const onDownload = async () => {
    setSaving(true);
    try {
      await downloadExport(file);
    } catch {
      // shown by the download helper
    } finally {
      setSaving(false);
    }
  };

  const onDelete = async () => {
    try {
      const result = await remove.mutateAsync(file.id);
      if (!result.message) toast.success(translate('common.deleted', lang));
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <List.Item
      data-testid="export-item"
      data-state={status}
      actions={[
        status === 'completed' && file.fileUrl ? (
          <Tooltip title={t('download')} key="download">
            <Button
              type="link"
              icon={<DownloadOutlined />}
              aria-label={t('download')}
              data-testid="export-download"
              loading={saving}
              onClick={onDownload}
            />
          </Tooltip>
        ) : null,
        status === 'failed' && file.retryable ? (
          <Tooltip title={t('retry')} key="retry">
            <Button
              type="link"
              icon={<RedoOutlined />}
              aria-label={t('retry')}
              data-testid="export-retry"
              loading={retry.isPending}
              onClick={() => retry.mutate(file.id)}
            />
          </Tooltip>
        ) : null,
        <Popconfirm
          key="delete"
          title={t('confirmDelete')}
          onConfirm={onDelete}
          okText={translate('common.ok', lang)}
          okButtonProps={{ 'data-testid': 'export-delete-ok' } as Record<string, string>}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('delete')}
            data-testid="export-delete"
          />
        </Popconfirm>,
      ].filter(Boolean)}
    >
      <List.Item.Meta
        avatar={
          file.fileName.endsWith('.xlsx') ? (
            <FileExcelOutlined style={{ fontSize: 22, color: '#389e0d' }} />
          ) : (
            <FileOutlined style={{ fontSize: 22, color: '#8c8c8c' }} />
          )
        }
        title={
          <Typography.Text ellipsis={{ tooltip: file.fileName }} style={{ maxWidth: 220 }}>
            {file.fileName}
          </Typography.Text>
        }
        description={
          <div>
            <Tag color={TAG[status].color} data-testid="export-state">
              <Badge status={TAG[status].badge} /> {label}
            </Tag>
            <span style={{ fontSize: 12 }}>{t('createdAt', { time: formatTime(file.gmtCreate) })}</span>
            {status === 'generating' && file.fileUrl === null ? (
              <div style={{ fontSize: 12, marginTop: 4 }} data-testid="export-generating">
                {t('generating')}
              </div>
            ) : null}
            {status === 'failed' ? (
              <div style={{ fontSize: 12, marginTop: 4 }}>
                <Typography.Text type="danger" data-testid="export-failure">
                  {file.failureReason || t('failedNote')}
                </Typography.Text>
              </div>
            ) : null}
          </div>
        }
      />
    </List.Item>
  );
}
