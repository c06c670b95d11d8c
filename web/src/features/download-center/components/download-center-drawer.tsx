import { Drawer, Empty, List, Pagination } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { EXPORT_PAGE_SIZE, useExports } from '../api/exports.ts';
import { ExportItem } from './export-item.tsx';

/**
 * The download center's drawer (download-center.tsx), loaded when first opened: the newest files
 * first, refreshed every 3 s while open; each opening starts on the first page.
 */
export default function DownloadCenterDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('downloadCenter');
  const [page, setPage] = useState(1);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPage(1);
  }
  const query = useExports(page, open);
  const items = query.data?.list ?? [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
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
  );
}
