import { Button, Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { type ErrorLogEntry, useErrorLogStore } from '@/shared/stores/error-log-store.ts';
import { formatTime } from '@/shared/utils/time.ts';

/** The error log's list (error-log-button.tsx), loaded when first opened. */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const entries = useErrorLogStore((s) => s.entries);
  const clear = useErrorLogStore((s) => s.clear);

  const columns: TableColumnsType<ErrorLogEntry> = [
    { title: t('errorLog.time'), key: 'time', width: 170, render: (_, e) => formatTime(e.time) },
    { title: t('errorLog.page'), dataIndex: 'route', width: 220, ellipsis: true },
    {
      title: t('errorLog.message'),
      key: 'message',
      render: (_, e) => (
        <span>
          <Tag color={e.kind === 'error' ? 'red' : 'orange'}>{t(`errorLog.kind.${e.kind}`)}</Tag>
          <Typography.Text>{e.message}</Typography.Text>
        </span>
      ),
    },
  ];
  return (
    <Modal
      open={open}
      title={t('errorLog.title')}
      width={960}
      onCancel={onClose}
      footer={[
        <Button
          key="clear"
          danger
          onClick={() => {
            clear();
            onClose();
          }}
        >
          {t('errorLog.clear')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('errorLog.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('errorLog.note')}</Typography.Paragraph>
      <Table<ErrorLogEntry>
        data-testid="error-log-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={entries}
        pagination={false}
        scroll={{ y: 420 }}
        expandable={{
          expandedRowRender: (e) => (
            <pre className="error-log-stack">
              {[
                e.stack || e.message,
                e.source && `${t('errorLog.source')}: ${e.source}`,
                `${t('errorLog.browser')}: ${e.userAgent}`,
              ]
                .filter(Boolean)
                .join('\n')}
            </pre>
          ),
        }}
      />
    </Modal>
  );
}
