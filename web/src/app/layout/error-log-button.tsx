import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { type ErrorLogEntry, useErrorLogStore } from '@/shared/stores/error-log-store.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { formatTime } from '@/shared/utils/time.ts';

/**
 * The error log in the top bar (SPEC §8, store module errorLog): shown to administrators once the
 * browser met an error — a bug icon with the count, opening the list (time, page, message; the
 * stack, source and browser on expanding a row). The errors also went to the server's log.
 */
export function ErrorLogButton() {
  const { t } = useTranslation('layout');
  const entries = useErrorLogStore((s) => s.entries);
  const clear = useErrorLogStore((s) => s.clear);
  const isAdmin = useUserStore((s) => s.roles.includes('admin'));
  const [open, setOpen] = useState(false);
  if (!isAdmin || entries.length === 0) return null;

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
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={entries.length} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            icon={<BugOutlined />}
            aria-label={t('errorLog.title')}
            data-testid="error-log-open"
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width={960}
        onCancel={() => setOpen(false)}
        footer={[
          <Button
            key="clear"
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clear')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
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
    </>
  );
}
