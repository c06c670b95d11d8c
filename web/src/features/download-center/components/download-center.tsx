import { CloudDownloadOutlined } from '@ant-design/icons';
import type { ExportFile } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Empty, List, Pagination, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { EXPORT_PAGE_SIZE, EXPORTS_KEY, useExports, useGeneratingCount } from '../api/exports.ts';
import { ExportItem } from './export-item.tsx';

/**
 * Top-bar button and drawer listing export files (SPEC §4, §9: 3 s refresh while open, page size
 * 10, first page on open). The badge counts files still generating; `export.ready` /
 * `export.failed` events of the caller refresh it at once.
 */
export function DownloadCenter() {
  const { t } = useTranslation('downloadCenter');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const query = useExports(page, open);
  const generating = useGeneratingCount(true);
  const items = query.data?.list ?? [];

  useRealtime<Pick<ExportFile, 'id' | 'fileName'>>('export.ready', (file) => {
    void client.invalidateQueries({ queryKey: EXPORTS_KEY });
    toast.success(t('ready', { name: file.fileName }));
  });
  useRealtime('export.failed', () => {
    void client.invalidateQueries({ queryKey: EXPORTS_KEY });
  });

  return (
    <>
      <Tooltip title={t('title')}>
        <Badge count={generating.data ?? 0} size="small" offset={[-6, 6]} data-testid="download-center-badge">
          <Button
            type="text"
            icon={<CloudDownloadOutlined />}
            aria-label={t('title')}
            data-testid="download-center"
            onClick={() => {
              setPage(1);
              setOpen(true);
            }}
          />
        </Badge>
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        size={420}
        destroyOnHidden
        footer={
          query.data && query.data.count > EXPORT_PAGE_SIZE ? (
            <Pagination
              size="small"
              current={page}
              pageSize={EXPORT_PAGE_SIZE}
              total={query.data.count}
              showSizeChanger={false}
              showTotal={(count) => t('total', { count })}
              onChange={setPage}
            />
          ) : null
        }
      >
        <div data-testid="download-center-drawer">
          {query.isError && !query.data ? (
            <PageError message={query.error.message} onRetry={() => void query.refetch()} />
          ) : (
            <List
              loading={query.isPending}
              dataSource={items}
              locale={{ emptyText: <Empty description={t('empty')} /> }}
              renderItem={(file) => <ExportItem file={file} />}
            />
          )}
        </div>
      </Drawer>
    </>
  );
}
