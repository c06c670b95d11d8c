import { CloudDownloadOutlined, DeleteOutlined, DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { translate } from '@sentinel/contract';
import { Badge, Button, Drawer, Empty, List, Pagination, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { PageError } from '../../../shared/ui/page-states.tsx';
import { formatTime } from '../../../shared/utils/time.ts';
import { EXPORT_PAGE_SIZE, useDeleteExport, useExports } from '../api/exports.ts';

/** Top-bar button and drawer listing export files (SPEC §4, §9: 3 s refresh, page size 10). */
export function DownloadCenter() {
  const { t } = useTranslation('downloadCenter');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const query = useExports(page, open);
  const remove = useDeleteExport();
  const items = query.data?.list ?? [];

  const onDelete = async (id: number) => {
    try {
      const result = await remove.mutateAsync(id);
      if (!result.message) toast.success(translate('common.deleted', lang));
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <>
      <Tooltip title={t('title')}>
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
              renderItem={(file) => {
                const done = file.state === 1;
                return (
                  <List.Item
                    data-testid="export-item"
                    actions={[
                      done && file.fileUrl ? (
                        <Tooltip title={t('download')} key="download">
                          <Button
                            type="link"
                            href={file.fileUrl}
                            target="_blank"
                            rel="noopener"
                            download={file.fileName}
                            icon={<DownloadOutlined />}
                            aria-label={t('download')}
                          />
                        </Tooltip>
                      ) : null,
                      <Popconfirm
                        key="delete"
                        title={t('confirmDelete')}
                        onConfirm={() => onDelete(file.id)}
                        okText={translate('common.ok', lang)}
                      >
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                      </Popconfirm>,
                    ].filter(Boolean)}
                  >
                    <List.Item.Meta
                      avatar={<FileOutlined style={{ fontSize: 22, color: '#8c8c8c' }} />}
                      title={
                        <Typography.Text ellipsis={{ tooltip: file.fileName }} style={{ maxWidth: 220 }}>
                          {file.fileName}
                        </Typography.Text>
                      }
                      description={
                        <div>
                          <Tag color={done ? 'success' : 'processing'}>
                            <Badge status={done ? 'success' : 'processing'} />{' '}
                            {done ? t('completed') : t('downloading')}
                          </Tag>
                          <span style={{ fontSize: 12 }}>
                            {t('createdAt', { time: formatTime(file.gmtCreate) })}
                          </span>
                          {file.fileUrl === null ? (
                            <div style={{ fontSize: 12, marginTop: 4 }}>{t('generating')}</div>
                          ) : null}
                        </div>
                      }
                    />
                  </List.Item>
                );
              }}
            />
          )}
        </div>
      </Drawer>
    </>
  );
}
